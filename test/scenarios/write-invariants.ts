import type { IDataObject } from 'n8n-workflow';

import type { Scenario } from './model';
import { FROM_ESTIMATE, NUMBERED } from './operations';
import type { ScenarioOutcome, StepRun } from './run-scenario';

/**
 * Issue 34's promises over the whole write surface, on the service's final state and every execution's output:
 * whatever the numbering, the key, the chain and the executions at once.
 */
type Check = (outcome: ScenarioOutcome) => string[];

const steps = (outcome: ScenarioOutcome): StepRun[] => outcome.runs.flat();
const drawn = (scenario: Scenario) => [scenario.operation, ...scenario.chain];
const dupes = (values: string[]) => [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];

/**
 * Executions in two processes, one of whose writes got no answer, which its item reported ("the service may have
 * applied it"): the other process cannot know of that write, and the one that made it cannot look after it, so
 * a second document, number, payment or e-mail can follow. That is the limit design.md states for twins across
 * processes; the duplicate checks (a), (g) and (i) do not hold it against the node, the other invariants still do.
 */
export function unansweredAcrossProcesses(outcome: ScenarioOutcome): boolean {
	if (outcome.scenario.processes !== 2) return false;
	const said = (message: unknown) => /may have applied/i.test(String(message ?? ''));
	const reported = steps(outcome).some(
		(step) => said(step.result.error?.message) || step.result.items.some((item) => said(item.error?.message) || said(item.json.error)),
	);
	// with Continue On Fail off the node shows one item's error: the process's own client saw the write go unanswered
	const writes = outcome.client.filter((event) => event.method !== 'GET');
	return reported || writes.filter((event) => event.kind === 'start').length > writes.filter((event) => event.kind === 'answer').length;
}

/**
 * A twin copy its execution made and could not delete (the delete refused, e.g. a 429 asking to wait longer than
 * *Longest Wait* allows), which its item reported naming both records; two copies it kept because deleting one
 * could not be explained (other values, an order that cannot be told, a left copy changed since: "both are
 * kept", naming both); a copy whose look for a twin failed, or whose read before its delete failed, which it
 * reported naming its own (after-create.ts, number-check.ts, both-kept.ts; with Continue On Fail off, in the
 * error n8n shows, run-stop.ts): the duplicate is the user's to resolve, as the report says; (a), (g) and (m) do
 * not count it as a silent one when a report names it (its number, or its id). A duplicate no item names is never
 * acceptable. Returns the texts of the reports, an error's message and description together.
 */
export function copyLeftReports(outcome: ScenarioOutcome): string[] {
	const said = (text: unknown) =>
		/deleting this execution's copy \(id [^)]+\) failed|Deleting it \(id [^)]+\) failed too|was created, but looking again for a copy another execution made at the same moment failed|was created; looking again for a twin made at the same moment failed|the service now has "[^"]*" \(id [^)]+\) and "[^"]*" \(id [^)]+\)[^]*neither was deleted: both are kept|own copy \(id [^)]+\), so neither was deleted: both are kept|\(a copy an earlier try left\) before deleting it, failed/.test(
			String(text ?? ''),
		);
	// an error's message and description together: one may name the record, the other say it was kept
	const texts = steps(outcome).flatMap((step) => [
		`${step.result.error?.message ?? ''}\n${step.result.error?.description ?? ''}`,
		...step.result.items.map((item) => `${String(item.error?.message ?? item.json.error ?? '')}\n${item.error?.description ?? ''}`),
	]);
	return texts.filter((text): text is string => typeof text === 'string' && said(text));
}

/** (g) A number is given once in the book: invoices and estimates (Given Number guarded, or Next in Sequence). */
const numbersUnique: Check = (outcome) => {
	const { scenario, book } = outcome;
	const s = scenario.settings;
	if (unansweredAcrossProcesses(outcome)) return [];
	// a number given twice is the user's to resolve when a report of a copy left names it
	const reports = copyLeftReports(outcome);
	const unreported = (n: string) => !reports.some((report) => report.includes(`"${n}"`));
	const numbered = drawn(scenario).some((o) => o === 'invoiceCreate' || o === 'estimateCreate' || FROM_ESTIMATE.includes(o) || o === 'invoiceUpsert' || o === 'estimateUpsert');
	// a given number may repeat across clients when asked (Each Client) or when the guard is off (Create Anyway)
	if (!numbered || (s.numbering === 'given' && (s.ifExists === 'create' || s.numberScope === 'eachClient'))) return [];
	return [
		...dupes(book.invoices.map((i) => i.invoice_no)).filter(unreported).map((n) => `(g) invoice number ${n} given ${book.invoices.filter((i) => i.invoice_no === n).length} times`),
		...dupes(book.estimates.map((e) => e.estimate_no)).filter(unreported).map((n) => `(g) estimate number ${n} given ${book.estimates.filter((e) => e.estimate_no === n).length} times`),
	];
};

/**
 * Whether a Next in Sequence row is keyed (one key, one document): a Re-Run Key (Create Anyway aside), or for Create
 * From Estimate its estimate (Create Another aside).
 */
function rowsKeyed(scenario: Scenario): boolean {
	const s = scenario.settings;
	if (FROM_ESTIMATE.includes(scenario.operation)) return s.rerunKey !== undefined || s.ifEstimateInvoiced !== 'createAnother';
	return s.rerunKey !== undefined && s.ifExists !== 'create';
}

/**
 * (h) Next in Sequence: n identical rows of one execution are n documents, each output naming its own; rows of one
 * key (a Re-Run Key, an estimate) are one document. With a Delete in the chain, a key's document that a Delete step
 * removed as asked (another execution's, between two rows of this one) is made anew by the later row: of the
 * documents still held, one a key (as (m) counts them).
 */
const identicalRowsMakeTheirOwn: Check = (outcome) => {
	const { scenario } = outcome;
	if (scenario.settings.numbering !== 'next' || !NUMBERED.includes(scenario.operation)) return [];
	const keyed = rowsKeyed(scenario);
	const deletes = scenario.chain.some((step) => step.endsWith('Delete'));
	const documents = new Set([...outcome.book.invoices, ...outcome.book.estimates].map((document) => String(document.id)));
	const problems: string[] = [];
	for (const [run, [first]] of outcome.runs.entries()) {
		if (!first || first.result.error) continue;
		const byKey = new Map<number, string[]>();
		first.result.items.forEach((item, index) => {
			if (item.error || item.json.error !== undefined) return;
			byKey.set(first.keys[index], [...(byKey.get(first.keys[index]) ?? []), String(item.json.id)]);
		});
		for (const [k, ids] of byKey) {
			if (!keyed && new Set(ids).size < ids.length) problems.push(`(h) execution ${run + 1}, key ${k}: ${ids.length} identical rows succeeded naming ${new Set(ids).size} document(s)`);
			const standing = new Set(deletes ? ids.filter((id) => documents.has(id)) : ids);
			if (keyed && standing.size > 1) {
				problems.push(`(h) execution ${run + 1}, key ${k}: ${ids.length} rows of one key succeeded naming ${new Set(ids).size} documents`);
			}
		}
	}
	return problems;
};

/**
 * An execution reported a twin payment or e-mail it could not prevent (after-action.ts: "... at the same moment"):
 * an item's error, or with Continue On Fail off the error n8n shows, which tells of the other items' twins.
 */
export function twinReported(outcome: ScenarioOutcome): boolean {
	const twin = (text: unknown) => /at the same moment/.test(String(text ?? ''));
	return steps(outcome).some(
		(step) =>
			twin(step.result.error?.message) ||
			twin(step.result.error?.description) ||
			step.result.items.some((item) => twin(item.error?.message ?? item.json.error)),
	);
}

/** (i) A payment or an e-mail is never made twice for one ask, whichever step or execution asked (guard on), unless a run reports it. */
const noTwinEffects: Check = (outcome) => {
	const { scenario, book } = outcome;
	const s = scenario.settings;
	// across processes, a write without answer its item reported may land after every other process looked
	if (twinReported(outcome) || unansweredAcrossProcesses(outcome)) return [];
	const problems: string[] = [];
	if (drawn(scenario).includes('recordPayment') && s.repeatWindowMinutes > 0) {
		for (const invoice of book.invoices) {
			const amounts = invoice.payments.map((p) => p.amount.toFixed(2));
			for (const amount of dupes(amounts)) problems.push(`(i) invoice ${invoice.invoice_no}: ${amounts.filter((a) => a === amount).length} payments of ${amount}`);
		}
	}
	if (s.skipIfSentWithinMinutes > 0) {
		const sent = [...(drawn(scenario).includes('send') ? book.invoices : []), ...(drawn(scenario).includes('estimateSend') ? book.estimates : [])];
		for (const document of sent) {
			const emails = document.send_log.map((l) => l.email);
			for (const email of dupes(emails)) problems.push(`(i) ${document.id}: ${emails.filter((e) => e === email).length} e-mails to ${email}`);
		}
	}
	return problems;
};

/** (j) Every item of every execution and step is accounted for: an output, or an error naming its item. */
const everyItemAccounted: Check = (outcome) =>
	steps(outcome).flatMap((step, index) => {
		if (step.result.error) return [];
		if (step.result.items.length !== step.input.length && step.operation !== 'invoiceGetAll') return [`(j) step ${index + 1} (${step.operation}): ${step.input.length} items in, ${step.result.items.length} out`];
		// Get Many outputs any number of records per row, in row order (n8n's routing node pairs none): its errors name
		// rows in increasing order, each a row of the input
		let lastRow = -1;
		return step.result.items.flatMap((item, at) => {
			const message = item.error?.message ?? (item.json.error === undefined ? undefined : String(item.json.error));
			if (message === undefined) return [];
			if (step.operation !== 'invoiceGetAll') return message.includes(`(item ${at})`) ? [] : [`(j) step ${index + 1} (${step.operation}) output ${at}: an error naming another row: ${message}`];
			const row = Number(/\(item (\d+)\)/.exec(message)?.[1] ?? NaN);
			const inOrder = row > lastRow && row < step.input.length;
			lastRow = Number.isNaN(row) ? lastRow : row;
			return inOrder ? [] : [`(j) step ${index + 1} (${step.operation}) output ${at}: an error naming no row of the input, or one out of order: ${message}`];
		});
	});

const named = (input: IDataObject[], field: string) => new Set(input.map((row) => String(row[field])));

/** (k) No value changes behind the user's back: a set-up record no row names is as it was. */
const untouchedStayAsTheyWere: Check = (outcome) => {
	const rows = steps(outcome).flatMap((step) => step.input);
	const { before, book } = outcome;
	const problems: string[] = [];
	const compare = <T extends { id: string }>(kind: string, field: string, was: T[], now: T[]) => {
		const touched = named(rows, field);
		for (const record of was) {
			if (touched.has(record.id)) continue;
			const after = now.find((r) => r.id === record.id);
			if (JSON.stringify(after) !== JSON.stringify(record)) problems.push(`(k) ${kind} ${record.id}, named by no row, changed: ${JSON.stringify(record)} -> ${JSON.stringify(after ?? 'deleted')}`);
		}
	};
	compare('client', 'client', before.clients, book.clients);
	compare('invoice', 'invoiceId', before.invoices, book.invoices);
	compare('estimate', 'estimateId', before.estimates, book.estimates);
	compare('expense', 'expenseId', before.expenses, book.expenses);
	return problems;
};

/**
 * (l) Create From Estimate: Mark Estimate Accepted marks only an estimate that was invoiced, and nothing when it is
 * off; an invoice made from one estimate never names another.
 */
const acceptedOnlyWhenInvoiced: Check = ({ scenario, before, book }) => {
	// a Delete later in the chain removes the invoice, as asked, after the estimate was marked
	if (!FROM_ESTIMATE.includes(scenario.operation) || scenario.chain.includes('invoiceDelete')) return [];
	const made = book.invoices.filter((i) => !before.invoices.some((was) => was.id === i.id));
	const problems: string[] = [];
	for (const estimate of book.estimates) {
		const was = before.estimates.find((e) => e.id === estimate.id);
		if (!was || was.accepted === estimate.accepted || estimate.accepted !== 'True') continue;
		if (!scenario.settings.markAccepted) problems.push(`(l) ${estimate.estimate_no} was marked accepted with Mark Estimate Accepted off`);
		// with Next in Sequence the invoice names its estimate in its description; a given number names none: an
		// invoice of the estimate's client made by the run is then the one made from it
		const fromIt = (i: (typeof made)[number]) =>
			scenario.settings.numbering === 'next' ? i.description.includes(estimate.estimate_no) : i.customer_id === estimate.customer_id;
		if (scenario.settings.markAccepted && !made.some(fromIt)) problems.push(`(l) ${estimate.estimate_no} was marked accepted, no invoice was made from it`);
	}
	return problems;
};

const refusedAmount = (text: unknown) => /"Amount Paid" must be more than 0/.test(String(text ?? ''));

/**
 * (n) A re-run never stops on what the runs before it did: no payment of 0 or less is ever recorded, and with If
 * Already Paid = Skip, paying what is due on an invoice read as Paid (its balance 0) is a skip, never a refusal.
 */
const rerunsNeverStopOnTheirOwn: Check = ({ scenario, book, runs }) => {
	const problems = book.invoices.flatMap((i) => i.payments.filter((p) => !(p.amount > 0)).map((p) => `(n) ${i.invoice_no} holds a payment of ${p.amount}`));
	if (!scenario.settings.payDue || scenario.settings.ifPaid !== 'skip') return problems;
	for (const step of runs.flat()) {
		if (step.operation !== 'recordPayment') continue;
		const stopped = step.result.error?.message;
		const stoppedAt = refusedAmount(stopped) ? Number(/\(item (\d+)\)/.exec(String(stopped))?.[1]) : undefined;
		step.input.forEach((row, index) => {
			if (row.status !== 'Paid' || Number(row.due) !== 0) return;
			const item = step.result.items[index];
			if (stoppedAt === index || refusedAmount(item?.error?.message ?? item?.json.error)) problems.push(`(n) a payment of what is due (0) on Paid invoice ${String(row.invoiceId)} was refused instead of skipped`);
		});
	}
	return problems;
};

export const WRITE_INVARIANTS: Check[] = [
	numbersUnique,
	identicalRowsMakeTheirOwn,
	noTwinEffects,
	everyItemAccounted,
	untouchedStayAsTheyWere,
	acceptedOnlyWhenInvoiced,
	rerunsNeverStopOnTheirOwn,
];
