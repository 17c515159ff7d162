import type { StoredExecution } from './executions';

/** What twin deliveries left, per number: in the service, and what the executions said. */
export interface TwinTally {
	numbers: number;
	executions: number;
	/** Numbers with two or more invoices, e-mails (send log entries over its invoices), payments. */
	duplicates: { invoices: number; emails: number; payments: number };
	/** Of those, the numbers where no execution of the number failed at that step or noted it in its item (twin_report): nobody was told. */
	silent: { invoices: number; emails: number; payments: number };
	/** Messages of the failed executions (the first 3 of each node). */
	messages: Record<string, string[]>;
	/** Executions that failed, by node. */
	failedAt: Record<string, number>;
	/** Executions that stopped at Remove Duplicates (nothing after it ran). */
	dropped: number;
	/** Numbers whose chain was left unfinished: no invoice, or an invoice without its e-mail or its payment. */
	undone: number;
	/** Executions that failed at any node. */
	failed: number;
	/** Numbers with more than one e-mail: each should be reported by at most as many failed executions. */
	duplicateEmails: number;
}

interface InvoiceState {
	invoice_no: string;
	send_log: unknown[];
	payments: unknown[];
}

const STEPS = { invoices: 'Create Invoice', emails: 'Send Invoice', payments: 'Record Payment' } as const;

/** The number a run was delivered for (its webhook's body), the node it failed at, whether the chain ran at all. */
function runOf(stored: StoredExecution): { n: number; failedAt?: string; message?: string; ranChain: boolean; notedAt?: string } {
	const runData = stored.resultData.runData ?? {};
	const body = runData.Webhook?.[0]?.data?.main[0]?.[0]?.json.body as { n?: unknown } | undefined;
	const failed = Object.entries(runData).find(([, tasks]) => tasks.some((task) => task.error));
	const message = failed?.[1].find((task) => task.error)?.error?.message;
	// a twin the execution went on past reports it in its item (twin_report), the other execution with an error
	const noted = Object.entries(runData).find(([, tasks]) => tasks.some((task) => task.data?.main[0]?.some((item) => typeof item.json.twin_report === 'string')));
	return { n: Number(body?.n), failedAt: failed?.[0], message, ranChain: runData['Create Invoice'] !== undefined, notedAt: noted?.[0] };
}

/** The node's own words for a twin it saw after its write (helpers/guards/after/after-action, after-create). */
export const TWIN_REPORT = 'at the same moment';

export function tallyTwins(numbers: number, invoices: InvoiceState[], stored: StoredExecution[], prefix = 'TWIN-'): TwinTally {
	const tally: TwinTally = {
		numbers,
		executions: stored.length,
		duplicates: { invoices: 0, emails: 0, payments: 0 },
		silent: { invoices: 0, emails: 0, payments: 0 },
		failedAt: {},
		messages: {},
		dropped: 0,
		undone: 0,
		failed: 0,
		duplicateEmails: 0,
	};
	const runs = stored.map(runOf);
	for (const run of runs) {
		if (run.failedAt) {
			tally.failedAt[run.failedAt] = (tally.failedAt[run.failedAt] ?? 0) + 1;
			const messages = (tally.messages[run.failedAt] ??= []);
			if (messages.length < 3) messages.push(String(run.message));
		}
		if (!run.ranChain && !run.failedAt) tally.dropped += 1;
		if (run.failedAt) tally.failed += 1;
	}
	for (let n = 0; n < numbers; n++) {
		const mine = invoices.filter((i) => i.invoice_no === `${prefix}${n}`);
		const count = {
			invoices: mine.length,
			emails: mine.reduce((sum, i) => sum + i.send_log.length, 0),
			payments: mine.reduce((sum, i) => sum + i.payments.length, 0),
		};
		if (count.invoices === 0 || count.emails === 0 || count.payments === 0) tally.undone += 1;
		tally.duplicateEmails += Math.max(0, count.emails - 1);
		for (const step of Object.keys(STEPS) as Array<keyof typeof STEPS>) {
			if (count[step] < 2) continue;
			tally.duplicates[step] += 1;
			const reported = runs.some((run) => run.n === n && ((run.failedAt === STEPS[step] && run.message?.includes(TWIN_REPORT)) || run.notedAt === STEPS[step]));
			if (!reported) tally.silent[step] += 1;
		}
	}
	return tally;
}
