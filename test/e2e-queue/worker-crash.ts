/**
 * A queue worker killed with SIGKILL in the middle of 120 executions of create invoice -> send -> record payment,
 * then everything a user does afterwards: wait for n8n to settle the killed executions, press Retry on each
 * failed one, and re-run the workflow (call the webhook again) for every row that still has no successful
 * execution. The service must then hold every invoice, e-mail and payment exactly once. The test runs last in
 * queue.test.ts, in its cluster (one set-up for the whole suite), against a sandbox and credential of its own.
 */
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { PACKAGE_NAME } from '../../tools/scripts/n8n/config';
import type { CredentialFile } from '../../tools/scripts/n8n/n8n-cli';
import type { QueueCluster } from '../../tools/scripts/n8n/queue/cluster';
import { waitFor } from '../../tools/scripts/n8n/queue/ports';
import type { WorkflowFile } from '../../tools/scripts/n8n/workflows';
import { Service } from '../trigger/service';
import { complete, counts, ledger, type RowRecord } from './crash-ledger';
import { Executions, output, type ExecutionRow } from './executions';
import type { OwnerSession } from './owner-session';
import { RequestCollector } from './request-collector';
import { crashWorkflow } from './workflows';

const API_KEY = 'queue-crash-key';
const CREDENTIAL = { id: 'invoicing-crash', name: 'Invoicing crash account' };
export const CRASH_PATH = 'queue-crash';
/**
 * Executions queued (QUEUE_CRASH_EXECUTIONS to change). 120 tell what 300 told (a worker runs 10 at a time, so the
 * kill finds about as many running on it), in less time.
 */
const ROWS = Number(process.env.QUEUE_CRASH_EXECUTIONS ?? 120);
/**
 * Each request held this long by the service before it is applied: an execution spends most of its time between its
 * first and its last write, so a kill leaves rows partly written (invoice but no e-mail or payment), the case the
 * duplicate guards are for (instantaneous answers left 3 of 10 killed rows partly written in one run, and could leave none).
 */
const SERVICE_TIME_MS = 100;
/**
 * Bull's lock on a job and its stall check, shortened so that a killed worker's executions are settled in seconds
 * (n8n 2.40.7's defaults: lock 60 s renewed every 10 s, stall check every 30 s). The lock still outlasts 4
 * renewals, so a live but busy worker keeps its jobs.
 */
export const CRASH_BULL_SETTINGS = { QUEUE_WORKER_LOCK_DURATION: '20000', QUEUE_WORKER_LOCK_RENEW_TIME: '5000', QUEUE_WORKER_STALLED_INTERVAL: '5000' };
const PHASE_TIMEOUT_MS = 5 * 60 * 1000;
const WEBHOOK_CALLS_AT_ONCE = 20;
/** n8n's start on a loaded 2-core machine (other jobs' CPU) may take minutes. */
export const READY_TIMEOUT_MS = 6 * 60 * 1000;

/** The crash workflow, its Invoicing nodes on the crash sandbox's credential. */
export const crashWorkflowFile: WorkflowFile = (() => {
	const workflow = crashWorkflow(CRASH_PATH);
	return { ...workflow, nodes: workflow.nodes.map((n) => (n.type.startsWith(`${PACKAGE_NAME}.`) ? { ...n, credentials: { invoicingApi: CREDENTIAL } } : n)) };
})();
const workflow = crashWorkflowFile;

export async function startCrashSandbox(): Promise<Sandbox> {
	return await startSandbox({ apiKey: API_KEY, limits: { serviceTimeMs: SERVICE_TIME_MS } });
}

export function crashCredential(sandbox: Sandbox): CredentialFile {
	return { ...CREDENTIAL, type: 'invoicingApi', data: { baseUrl: sandbox.url, apiKey: API_KEY, headerName: 'Authorization' } };
}

/** What the test needs from the suite, read when it starts: the running cluster, the crash sandbox, the owner's session. */
export interface CrashContext {
	cluster: QueueCluster;
	executions: Executions;
	sandbox: Sandbox;
	session: OwnerSession;
	logs: () => string;
}

let cluster: QueueCluster | undefined;
let executions: Executions;
let sandbox: Sandbox;
let session: OwnerSession;
let logs = () => '';

interface Row {
	n: number;
	rate: number;
	client: string;
	email: string;
}

async function callWebhook(row: Row): Promise<void> {
	const response = await fetch(`${cluster?.mainUrl}/webhook/${CRASH_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(row),
		signal: AbortSignal.timeout(120_000),
	});
	const text = await response.text();
	if (response.status !== 200) throw new Error(`webhook row ${row.n}: HTTP ${response.status} ${text}`);
}

/** Runs `work` on every entry, at most `limit` at once, in order; the results in the entries' order. */
async function inPool<T, R>(entries: T[], limit: number, work: (entry: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array<R>(entries.length);
	let next = 0;
	const lane = async () => {
		while (next < entries.length) {
			const at = next++;
			results[at] = await work(entries[at]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, entries.length) }, lane));
	return results;
}

const tally = (values: string[]) => values.reduce<Record<string, number>>((all, value) => ({ ...all, [value]: (all[value] ?? 0) + 1 }), {});

/**
 * The row numbers of successful executions whose chain ran to the end: the invoice number each created
 * ("CRASH-<n>"). A retry of a killed execution keeps no Webhook output with the row's body, so the number is read
 * from what Create Invoice output; an invoice with any other number (a retry run without the row) completes no row.
 */
async function rowsCompletedBy(rows: ExecutionRow[]): Promise<number[]> {
	const ids = rows.filter((r) => r.status === 'success').map((r) => r.id);
	const runs = await executions.runData(ids);
	return ids.flatMap((id) => {
		const run = runs.get(id) ?? {};
		if (!run['Record Payment']) return [];
		return output(run, 'Create Invoice').flatMap((invoice) => {
			const match = /^CRASH-(\d+)$/.exec(String(invoice.invoice_no));
			return match ? [Number(match[1])] : [];
		});
	});
}

/** Waits until no execution of the workflow after `afterId` is new, running or waiting, and there are `count`. */
async function settled(afterId: number, count: number, what: string): Promise<ExecutionRow[]> {
	let last: ExecutionRow[] = [];
	return await waitFor(
		what,
		PHASE_TIMEOUT_MS,
		async () => {
			last = await executions.all(workflow.id, afterId);
			return last.length >= count && last.every((r) => !['new', 'running', 'waiting'].includes(r.status)) ? last : undefined;
		},
		() => `${JSON.stringify(tally(last.map((r) => r.status)))} of ${count}\n${logs()}`,
		1000,
	);
}

/** Registers the test; `context` is read when it runs (after the suite's beforeAll). */
export function workerCrashTest(context: () => CrashContext): void {
	test(`${ROWS} executions, a worker killed with SIGKILL partway and restarted; Retry, then a re-run of the rows: each invoice, e-mail and payment exactly once`, async () => {
		({ cluster, executions, sandbox, session, logs } = context());
		for (const worker of cluster.workers) if (!worker.running) {
			worker.start();
			await worker.ready(READY_TIMEOUT_MS);
		}
		const startedAt = Date.now();
		const requests = new RequestCollector(sandbox);
		requests.start();
		try {
			const client = await new Service(sandbox, API_KEY).client('Crash Ltd', 'ap@crash.example');
			const rows: Row[] = Array.from({ length: ROWS }, (_, n) => ({ n, rate: 100 + n, client, email: 'ap@crash.example' }));
			const invoiceNos = rows.map((r) => `CRASH-${r.n}`);
			const book = () => ledger(invoiceNos, sandbox.state(), requests.all());
			const before = await executions.lastId();

			// 1. all rows queued (main answers once a row's execution is queued: 300 calls at once made main's 2 database
			// connections time out on this loaded machine, 20 at a time queue them within seconds); one worker killed
			// once a third have finished, and started again at once
			const calls = inPool(rows, WEBHOOK_CALLS_AT_ONCE, callWebhook);
			await waitFor('a third of the executions to finish', PHASE_TIMEOUT_MS, async () => ((await executions.finished(workflow.id, before)).length >= ROWS / 3 ? true : undefined), logs, 200);
			const victim = cluster.workers[0];
			const finishedAtKill = (await executions.finished(workflow.id, before)).length;
			const runningAtKill = (await executions.all(workflow.id, before)).filter((r) => r.status === 'running').map((r) => r.id);
			await victim.stop('SIGKILL');
			const killedAt = Date.now();
			const onVictim = runningAtKill.filter((id) => victim.startedExecutions().includes(id));
			victim.start();
			await victim.ready(READY_TIMEOUT_MS);
			await calls;

			// 2. n8n settles every execution (the killed worker's once Bull finds their lock expired)
			const first = await settled(before, ROWS, `all ${ROWS} executions to be settled`);
			const settledAt = Date.now();
			expect(first).toHaveLength(ROWS);
			const failed = first.filter((r) => r.status !== 'success');
			const firstDone = new Set(await rowsCompletedBy(first));
			const notDone = rows.filter((r) => !firstDone.has(r.n));
			expect(notDone).toHaveLength(failed.length);
			const stored = await executions.data(failed.map((r) => r.id));
			const failure = {
				statuses: tally(failed.map((r) => r.status)),
				errors: tally(failed.map((r) => stored.get(r.id)?.resultData.error?.message ?? '(none)')),
				withRunData: failed.filter((r) => Object.keys(stored.get(r.id)?.resultData.runData ?? {}).length > 0).length,
				resumable: failed.filter((r) => stored.get(r.id)?.executionData !== undefined).length,
			};
			const afterCrash = book();
			const leftByCrash = notDone.map((r) => afterCrash[r.n]);
			const state = (records: RowRecord[]) => ({
				complete: records.filter(complete).length,
				partial: records.filter((r) => r.invoices > 0 && !complete(r)).length,
				missing: records.filter((r) => r.invoices === 0).length,
			});

			// 3. the executions list's Retry on every failed execution, as the owner
			const answers = await inPool(failed, 10, async (r) => await session.retry(r.id));
			// waits for one execution per accepted press (not for what the database shows: that could never fail)
			const accepted = answers.filter((a) => a.status === 200).length;
			const retries = await settled(before, ROWS + accepted, 'the retries to be settled');
			const retryRows = await executions.retriesOf(failed.map((r) => r.id));
			const fixedByRetry = new Set(await rowsCompletedBy(retryRows));
			const retried = book();
			const afterRetry = notDone.map((r) => retried[r.n]);

			// 4. the workflow run again (the webhook called again) for every row still without a successful execution
			const rerun = notDone.filter((r) => !fixedByRetry.has(r.n));
			const beforeRerun = await executions.lastId();
			await inPool(rerun, WEBHOOK_CALLS_AT_ONCE, callWebhook);
			const reruns = await settled(beforeRerun, rerun.length, 'the re-runs to be settled');
			expect(reruns.filter((r) => r.status !== 'success')).toEqual([]);
			expect(new Set(await rowsCompletedBy(reruns))).toEqual(new Set(rerun.map((r) => r.n)));
			requests.stop();

			// 5. the service: every row created, sent and paid exactly once (state and applied writes); nothing left running
			const final = book();
			const totals = counts(final);
			const everything = await executions.all(workflow.id, before);
			const figures = {
				executions: ROWS,
				finishedAtKill,
				runningAtKill: runningAtKill.length,
				runningOnKilledWorker: onVictim.length,
				secondsFromKillToSettled: Number(((settledAt - killedAt) / 1000).toFixed(1)),
				firstRun: tally(first.map((r) => r.status)),
				failure,
				rowsLeftByTheCrash: state(leftByCrash),
				retry: { pressed: failed.length, answers: tally(answers.map((a) => String(a.status))), executions: tally(retryRows.map((r) => r.status)), rowsCompleted: fixedByRetry.size },
				rowsAfterRetry: state(afterRetry),
				rerun: { calls: rerun.length, executions: tally(reruns.map((r) => r.status)) },
				final: totals,
				executionsInTheEnd: tally(everything.map((r) => r.status)),
				seconds: Number(((Date.now() - startedAt) / 1000).toFixed(1)),
			};
			console.log(`worker crash: ${JSON.stringify(figures)}`);
			expect(failed.length).toBeGreaterThan(0);
			// the kill left rows partly written (an invoice without its e-mail or payment): the retries and re-runs below went
			// through the duplicate guards; a crash that left only rows with nothing written would not test them
			expect(state(leftByCrash).partial).toBeGreaterThan(0);
			// every Retry press was accepted and started exactly one execution, a retry of the execution it was pressed on
			expect(answers.map((a) => a.status)).toEqual(failed.map(() => 200));
			expect(retryRows.map((r) => r.retryOf).sort()).toEqual(failed.map((r) => r.id).sort());
			expect(retries).toHaveLength(ROWS + failed.length);
			expect(everything.filter((r) => ['new', 'running', 'waiting'].includes(r.status))).toEqual([]);
			expect(totals).toEqual({
				rows: ROWS,
				complete: ROWS,
				missing: 0,
				partial: 0,
				duplicateInvoices: 0,
				duplicateSends: 0,
				duplicatePayments: 0,
				duplicateWritesApplied: 0,
			});
			expect(final.filter((r) => r.createsApplied !== 1 || r.sendsApplied !== 1 || r.paymentsApplied !== 1)).toEqual([]);
			expect(sandbox.state().invoices).toHaveLength(ROWS);
		} finally {
			requests.stop();
		}
	}, 25 * 60 * 1000);
}
