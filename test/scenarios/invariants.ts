import type { IDataObject } from 'n8n-workflow';

import { WRITES, type Operation, type Scenario } from './model';
import { FROM_ESTIMATE } from './operations';
import type { ScenarioOutcome } from './run-scenario';
import { keyIn } from '../../nodes/Invoicing/helpers/guards/keys/rerun-key';
import { carriesKeyOf, deliveries, keyedByRerunKey, keysNameOneDocument } from './rerun-keys';
import { keysAcross } from './run-scenario';
import { copyLeftReports, twinReported, unansweredAcrossProcesses, WRITE_INVARIANTS } from './write-invariants';

/** What the service holds for key `k` of the scenario's operation: the records, payments or e-mails. */
function heldFor(outcome: ScenarioOutcome, k: number): number {
	return heldRecordsFor(outcome, k)?.length ?? heldActionsFor(outcome, k);
}

/** The records the service holds for key k, for operations that make records (else undefined). */
function heldRecordsFor(outcome: ScenarioOutcome, k: number): Array<{ id: string }> | undefined {
	const { book, scenario, input } = outcome;
	const values = input[scenario.items.indexOf(k)] ?? {};
	switch (scenario.operation) {
		case 'clientCreate':
		case 'clientUpsert':
			return book.clients.filter((c) => c.names === values.name);
		case 'invoiceCreate':
			if (keyedByRerunKey(scenario)) return book.invoices.filter((i) => carriesKeyOf(scenario, i, k));
			if (scenario.settings.numbering === 'next') return book.invoices.filter((i) => i.items[0]?.description === values.line && i.customer_id === values.client);
			return book.invoices.filter((i) => i.invoice_no === values.invoiceNo && i.customer_id === values.client);
		case 'invoiceUpsert':
			return book.invoices.filter((i) => i.invoice_no === values.invoiceNo && i.customer_id === values.client);
		case 'estimateCreate':
			if (keyedByRerunKey(scenario)) return book.estimates.filter((e) => carriesKeyOf(scenario, e, k));
			if (scenario.settings.numbering === 'next') return book.estimates.filter((e) => e.items[0]?.description === values.line && e.customer_id === values.client);
			return book.estimates.filter((e) => e.estimate_no === values.estimateNo && e.customer_id === values.client);
		case 'estimateUpsert':
			return book.estimates.filter((e) => e.estimate_no === values.estimateNo && e.customer_id === values.client);
		case 'invoiceFromEstimate':
		case 'estimateToInvoice': {
			const estimateNo = outcome.before.estimates.find((e) => e.id === values.estimateId)?.estimate_no ?? '?';
			const made = new Set(outcome.before.invoices.map((i) => i.id));
			return book.invoices.filter((i) => !made.has(i.id) && i.description.includes(estimateNo));
		}
		default:
			return undefined;
	}
}

/** The e-mails or payments the service holds for key k (updates, deletes, Mark as Paid / Not Paid and Create Expense have no duplicate to count: write-invariants.ts). */
function heldActionsFor(outcome: ScenarioOutcome, k: number): number {
	const { book, scenario, input } = outcome;
	const values = input[scenario.items.indexOf(k)] ?? {};
	switch (scenario.operation) {
		case 'estimateSend':
			return book.estimates.find((e) => e.id === values.estimateId)?.send_log.filter((l) => l.email === values.sendTo).length ?? 0;
		case 'recordPayment':
			return (
				book.invoices
					.find((i) => i.id === values.invoiceId)
					?.payments.filter((p) => Math.round(p.amount * 100) === Math.round(Number(scenario.settings.payDue ? values.due : values.amount) * 100)).length ?? 0
			);
		case 'send':
			return book.invoices.find((i) => i.id === values.invoiceId)?.send_log.filter((l) => l.email === values.sendTo).length ?? 0;
		default:
			return 0;
	}
}

function guardOn(scenario: Scenario): boolean {
	const s = scenario.settings;
	switch (scenario.operation) {
		case 'clientCreate':
		case 'invoiceCreate':
		case 'estimateCreate':
			return s.ifExists !== 'create';
		case 'invoiceFromEstimate':
		case 'estimateToInvoice':
			// with Next in Sequence the estimate is the key unless Create Another, then the Re-Run Key when given
			return s.numbering === 'next' ? s.ifEstimateInvoiced !== 'createAnother' || keyedByRerunKey(scenario) : s.ifExists !== 'create';
		case 'clientUpsert':
		case 'invoiceUpsert':
		case 'estimateUpsert':
			return true;
		case 'recordPayment':
			return s.repeatWindowMinutes > 0;
		case 'send':
		case 'estimateSend':
			return s.skipIfSentWithinMinutes > 0;
		default:
			return false;
	}
}

/**
 * Next in Sequence keys a create on the row's Re-Run Key when it has one (one key, one document), else on the
 * row's content counted with its multiplicity: n identical rows of one
 * execution make n documents, a twin execution adds none (design.md, "Re-runs and retries"). Create From Estimate
 * is keyed on its estimate (one per key here): one invoice, whatever the dates, unless Create Another.
 */
export function allowedFor(scenario: Scenario, k: number): number {
	// one document per Re-Run Key: one key per scenario key ("same"), or one per delivery ("different")
	if (keyedByRerunKey(scenario)) return keysAcross(scenario) === 'same' ? 1 : deliveries(scenario);
	// the estimate is the key (Create Another leaves no guard, see guardOn)
	if (FROM_ESTIMATE.includes(scenario.operation)) return 1;
	const numberedByContent = scenario.settings.numbering === 'next' && ['invoiceCreate', 'estimateCreate'].includes(scenario.operation);
	return numberedByContent ? scenario.items.filter((key) => key === k).length : 1;
}

const distinctKeys = (scenario: Scenario) => [...new Set(scenario.items)];

/**
 * (a) With a guard on, never two records, payments or e-mails for one key, whatever the executions at once
 * (Next in Sequence: never more documents of one row's content than the rows in one execution).
 */
function noDuplicates(outcome: ScenarioOutcome): string[] {
	const { scenario } = outcome;
	if (!guardOn(scenario)) return [];
	const action: Operation[] = ['recordPayment', 'send', 'estimateSend'];
	// a twin payment or e-mail the node cannot prevent is reported instead (design.md, "Twin creates")
	if (action.includes(scenario.operation) && twinReported(outcome)) return [];
	if (unansweredAcrossProcesses(outcome)) return [];
	// two records of a key are the user's to resolve when a report of a copy left names one of them
	const reports = copyLeftReports(outcome);
	const reported = (k: number) => (heldRecordsFor(outcome, k) ?? []).some(({ id }) => reports.some((report) => report.includes(`(id ${id})`)));
	const what = FROM_ESTIMATE.includes(scenario.operation) ? 'invoices from its one estimate' : 'for one key';
	return distinctKeys(scenario)
		.filter((k) => heldFor(outcome, k) > allowedFor(scenario, k) && !reported(k))
		.map((k) => {
			const rows = outcome.runs.map((steps) => (steps[0]?.keys ?? []).filter((key) => key === k).length);
			return `(a) key ${k}: the service holds ${heldFor(outcome, k)} ${what} (at most ${allowedFor(scenario, k)}: the rows of the key in one execution; per execution: ${rows.join(', ')}) with the guard on`;
		});
}

/** (b) Every item that reports success names what the service holds. */
function successNamesWhatIsHeld(outcome: ScenarioOutcome): string[] {
	const { scenario, result, input, book } = outcome;
	const problems: string[] = [];
	// a later Delete in the chain removes, as asked, what this step made
	if (scenario.operation === 'invoiceGetAll' || result.error || scenario.chain.includes('invoiceDelete')) return [];
	result.items.forEach((item, index) => {
		if (item.error || item.json.error) return;
		const json = item.json;
		const values = input[index] ?? {};
		const at = `(b) item ${index + 1}`;
		switch (scenario.operation) {
			case 'clientCreate':
			case 'clientUpsert': {
				const held = book.clients.find((c) => c.id === json.id);
				if (!held || held.names !== values.name) problems.push(`${at}: reports client ${String(json.id)} "${String(json.names)}", the service holds ${held ? `"${held.names}"` : 'none'}`);
				break;
			}
			case 'invoiceCreate':
			case 'invoiceUpsert': {
				const held = book.invoices.find((i) => i.id === json.id);
				if (scenario.settings.numbering === 'next' && scenario.operation === 'invoiceCreate') {
					if (!held || held.invoice_no !== json.invoice_no) problems.push(`${at}: reports invoice ${String(json.id)} ${String(json.invoice_no)}, the service holds ${held ? held.invoice_no : 'none'}`);
				} else if (!held || held.invoice_no !== values.invoiceNo) problems.push(`${at}: reports invoice ${String(json.id)}, the service holds ${held ? held.invoice_no : 'none'}`);
				break;
			}
			case 'estimateCreate': {
				const held = book.estimates.find((e) => e.id === json.id);
				const want = scenario.settings.numbering === 'next' ? json.estimate_no : values.estimateNo;
				if (!held || held.estimate_no !== want) problems.push(`${at}: reports estimate ${String(json.id)}, the service holds ${held ? held.estimate_no : 'none'}`);
				break;
			}
			case 'recordPayment':
			case 'send': {
				if (json.id !== values.invoiceId) problems.push(`${at}: reports invoice ${String(json.id)}, its row names ${String(values.invoiceId)}`);
				const k = scenario.items[index];
				const paidSkip = scenario.operation === 'recordPayment' && json.skipped === true && /already Paid|outstanding/.test(String(json.reason ?? json.message ?? ''));
				if (!paidSkip && heldFor(outcome, k) === 0) problems.push(`${at}: reports success (${json.skipped ? 'skipped' : 'written'}), the service holds none for key ${k}`);
				break;
			}
		}
	});
	return problems;
}

/** (c) A failed item says whether its write may have applied; when it says nothing may have, nothing was. */
function failuresTellTheTruth(outcome: ScenarioOutcome): string[] {
	const { scenario } = outcome;
	if (!WRITES.includes(scenario.operation) || !scenario.settings.continueOnFail) return [];
	const counted: Operation[] = ['clientCreate', 'invoiceCreate', 'estimateCreate', ...FROM_ESTIMATE, 'recordPayment', 'send', 'estimateSend'];
	if (!counted.includes(scenario.operation)) return [];
	const problems: string[] = [];
	for (const k of distinctKeys(scenario)) {
		// every execution's rows of the key: a twin may have written what this one's failed item did not
		const firsts = outcome.runs.map((steps) => steps[0]).filter((step) => step !== undefined && !step.result.error);
		if (firsts.length !== outcome.runs.length) continue;
		const rows = firsts.flatMap((step) => step.keys.map((key, index) => ({ key, item: step.result.items[index] })).filter((row) => row.key === k));
		const failed = rows.map((row) => row.item).filter((item) => item?.error || item?.json.error);
		if (failed.length !== rows.length) continue;
		const maySay = failed.some((item) => /may have applied| was done;| was created;| made the |at the same moment/.test(String(item.error?.message ?? item.json.error)));
		if (!maySay && heldFor(outcome, k) > 0) {
			problems.push(`(c) key ${k}: every item failed saying nothing may have been applied, the service holds ${heldFor(outcome, k)}: ${String(failed[0].error?.message ?? failed[0].json.error)}`);
		}
	}
	return problems;
}

/** (d) Output order and pairing follow the input. */
function orderFollowsInput(outcome: ScenarioOutcome): string[] {
	const { scenario, result, input } = outcome;
	if (result.error) return [];
	// Get Many: each row lists (the engine's items carry no pairing here); its filters are checked by (f)
	if (scenario.operation === 'invoiceGetAll') return [];
	if (result.items.length !== input.length) return [`(d) ${input.length} items in, ${result.items.length} out`];
	const problems: string[] = [];
	result.items.forEach((item, index) => {
		const message = item.error?.message ?? (item.json.error === undefined ? undefined : String(item.json.error));
		if (message !== undefined) {
			// the node numbers items from 0, as n8n's own [item N] marker does
			if (!message.includes(`(item ${index})`)) problems.push(`(d) output ${index} is an error naming another row: ${message}`);
			return;
		}
		const values = input[index];
		const json = item.json;
		const next = scenario.settings.numbering === 'next';
		// a row with a Re-Run Key finds the document of its key, whichever execution's content made it
		const keyed = keyedByRerunKey(scenario);
		const keyField = scenario.settings.rerunKey?.field ?? 'note';
		const own: Partial<Record<Operation, [unknown, unknown]>> = {
			clientCreate: [json.names, values.name],
			clientUpsert: [json.names, values.name],
			invoiceCreate: keyed ? [keyIn(json[keyField]), values.order] : next ? [(json.items as IDataObject[] | undefined)?.[0]?.description, values.line] : [json.invoice_no, values.invoiceNo],
			invoiceUpsert: [json.invoice_no, values.invoiceNo],
			estimateCreate: keyed ? [keyIn(json[keyField]), values.order] : next ? [(json.items as IDataObject[] | undefined)?.[0]?.description, values.line] : [json.estimate_no, values.estimateNo],
			estimateUpsert: [json.estimate_no, values.estimateNo],
			recordPayment: [json.id, values.invoiceId],
			send: [json.id, values.invoiceId],
			markPaid: [json.id, values.invoiceId],
			markNotPaid: [json.id, values.invoiceId],
			estimateSend: [json.id, values.estimateId],
		};
		const pair = own[scenario.operation];
		if (pair === undefined) return;
		const [got, want] = pair;
		if (got !== want) problems.push(`(d) output ${index + 1} is "${String(got)}", its row is "${String(want)}"`);
	});
	return problems;
}

/**
 * Milliseconds a 429's Retry-After asks for when a client can read it: whole seconds, or an HTTP date measured from
 * the answer's own Date header (as the node reads it).
 */
export function askedMs(retryAfter: string | undefined, answerDate: string | undefined): number | undefined {
	if (retryAfter === undefined) return undefined;
	if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
	const until = Date.parse(retryAfter);
	const from = answerDate === undefined ? Number.NaN : Date.parse(answerDate);
	if (/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(retryAfter) && Number.isFinite(until) && Number.isFinite(from)) return until - from;
	return undefined;
}

/** A pause ends on a timer: a resend this close to its end counts as after it. */
const TIMER_SLACK_MS = 50;

/**
 * (e) Nothing is sent inside a Retry-After pause the node chose to obey: no request started, in the node's own
 * process, after the 429 reached it and before the wait it asked for was over (the client's order of events,
 * which no load can reorder: client-requests.ts). The re-run (`again`) is an execution of its own, with a gate of
 * its own: its requests are held to its own pauses, not to those of the execution before it.
 */
export function pausesObeyed(outcome: Pick<ScenarioOutcome, 'scenario' | 'client' | 'againAt'>): string[] {
	const { scenario, client, againAt } = outcome;
	const sameExecution = (a: number, b: number) => againAt === undefined || (a < againAt) === (b < againAt);
	// each execution (and each node of a chain) has a rate gate of its own (rate-limit.ts), and the client's events do not say whose a request is
	if (scenario.executions > 1 || scenario.chain.length > 0) return [];
	const s = scenario.settings;
	const budgetMs = s.longestWaitS === 0 ? 0 : Math.min((s.longestWaitS ?? 300) * 1000, s.timeoutMs);
	const problems: string[] = [];
	for (const refused of client) {
		if (refused.kind !== 'answer' || refused.status !== 429) continue;
		const pause = askedMs(refused.retryAfter, refused.date);
		// a wait longer than the budget is not waited (the item fails); shorter ones are obeyed by the whole run
		if (pause === undefined || pause < 300 || pause >= budgetMs) continue;
		const inside = client.filter((e) => e.kind === 'start' && e.at > refused.at && e.at < refused.at + pause - TIMER_SLACK_MS && sameExecution(refused.at, e.at));
		if (inside.length > 0) {
			problems.push(
				`(e) ${inside.length} request(s) started ${Math.round(inside[0].at - refused.at)} ms after a 429 asking to wait ${pause} ms (Retry-After "${refused.retryAfter}") reached the node: ${inside[0].method} ${inside[0].path}`,
			);
		}
	}
	return problems;
}

/** (f) No filter that was set lists more than its value allows. */
function filtersHold(outcome: ScenarioOutcome): string[] {
	const { scenario, result } = outcome;
	if (scenario.operation !== 'invoiceGetAll' || result.error) return [];
	const f = scenario.settings.filter;
	const problems: string[] = [];
	let listed = 0;
	for (const item of result.items) {
		if (item.error || item.json.error) continue;
		const json = item.json as IDataObject;
		listed += 1;
		if (f.invoiceNo !== undefined && json.invoice_no !== f.invoiceNo.trim()) problems.push(`(f) Invoice Number "${f.invoiceNo}" listed ${String(json.invoice_no)}`);
		if (f.paymentStatus !== undefined && json.payment_status !== f.paymentStatus) problems.push(`(f) Payment Status "${f.paymentStatus}" listed ${String(json.payment_status)}`);
	}
	// every row lists the same book: at most Limit each
	const rows = outcome.input.length;
	if (!f.returnAll && listed > f.limit * rows) problems.push(`(f) Limit ${f.limit} listed ${listed} for ${rows} row(s)`);
	return [...new Set(problems)];
}

/** Every invariant's complaints about one scenario (empty: it held). */
export function checkInvariants(outcome: ScenarioOutcome): string[] {
	if (outcome.hungAfterMs !== undefined) {
		const last = outcome.requests.at(-1);
		return [`(liveness) the run had not ended after ${outcome.hungAfterMs / 1000} s; ${outcome.requests.length} requests, the last: ${last ? `${last.method} ${last.path} ${last.status}` : 'none'}`];
	}
	return [noDuplicates, successNamesWhatIsHeld, failuresTellTheTruth, orderFollowsInput, pausesObeyed, filtersHold, keysNameOneDocument, ...WRITE_INVARIANTS].flatMap((check) => check(outcome));
}
