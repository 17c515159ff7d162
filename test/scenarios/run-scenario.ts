import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type BookData, type FaultSpec, type RecordedRequest } from '../../tools/sandbox';
import { invoiceView } from '../../tools/sandbox/views';
import { runNode, type NodeRunResult } from '../engine/harness/run-node';
import { watchClient, type ClientEvent } from './client-requests';
import type { Fault, Operation, Scenario, Settings } from './model';
import { FROM_ESTIMATE, NUMBERED } from './operations';

/** What a scenario left behind: the node's output, every request the service received, the book after it. */
/** One step of one execution: what it was fed (with the scenario key of each item) and what it output. */
export interface StepRun {
	operation: Operation;
	input: IDataObject[];
	keys: number[];
	result: NodeRunResult;
}

export interface ScenarioOutcome {
	scenario: Scenario;
	/** Each execution's steps, in chain order (the first step of the first execution is `input` and `result`). */
	runs: StepRun[][];
	/** The book before the executions started (set-up records only). */
	before: BookData;
	/** The input items, one per scenario item, with the values the node reads through expressions. */
	input: IDataObject[];
	result: NodeRunResult;
	requests: RecordedRequest[];
	/** The node's own process: each request it started and each answer it received, in order (client-requests.ts). */
	client: ClientEvent[];
	book: BookData;
	/** Ids of the records set up before the run (clients, invoices). */
	setup: { clients: string[]; invoices: string[]; estimates: string[]; expenses: string[] };
	/** When the re-run (`again`, an execution of its own) started, on the clock of `client`. */
	againAt?: number;
	/** Set when the run had not ended after this long (every wait of the node is bounded well below it). */
	hungAfterMs?: number;
}

/**
 * A run that has not ended by then is stuck: its longest honest wait is a few time-outs (1.5 s at most here) for
 * the rate limit, the settle time and Retry On Fail together.
 */
const HANG_MS = Number(process.env.INVOICING_SCENARIO_HANG_MS ?? 60_000);

const API_KEY = 'scenario-key';
const byIdExpression = (field: string) => ({ __rl: true, mode: 'id', value: `={{ $json.${field} }}` });
/** One line whose description is the row's content (Next in Sequence keys a row on it). */
const LINE = '={{ [{ description: $json.line, quantity: 1, rate: 100 }] }}';

type KeyAcross = NonNullable<Settings['rerunKey']>['across'];

/** How the rows' Re-Run Keys go across executions, when the scenario's first step takes one. */
export const keysAcross = (scenario: Scenario): KeyAcross | undefined =>
	scenario.settings.numbering === 'next' && NUMBERED.includes(scenario.operation) ? scenario.settings.rerunKey?.across : undefined;

/**
 * The values of key `k`: two clients, invoices and expenses are set up, keys spread over them, and an estimate per
 * key (Create From Estimate is keyed on its estimate: one key, one estimate). `run`
 * tags the content of a Next in Sequence row when executions are not twins (each its own rows; twins: the same).
 * `delivery` gives the row's Re-Run Key (`order`, one per delivery when `across` is "different", over equal
 * content) and its issue date (`issueDate`, Create From Estimate re-runs with other dates).
 */
export function keyValues(k: number, setup: ScenarioOutcome['setup'], withEmail: boolean, run = 0, delivery = run, across?: KeyAcross): IDataObject {
	return {
		// equal orders with keys of their own: the same content in every execution
		line: run === 0 || across === 'different' ? `Work ${k + 1}` : `Work ${k + 1} run ${run}`,
		order: across === 'different' ? `order-${k + 1}-${delivery}` : `order-${k + 1}`,
		issueDate: `2026-01-${String(15 + delivery).padStart(2, '0')}`,
		estimateId: setup.estimates[k],
		expenseId: setup.expenses[k % 2],
		note: `Note ${k + 1}`,
		name: `Client ${k + 1}`,
		...(withEmail ? { email: `client${k + 1}@scenario.example` } : {}),
		client: setup.clients[k % 2],
		invoiceNo: `INV-${k + 1}`,
		estimateNo: `EST-${k + 1}`,
		invoiceId: setup.invoices[k % 2],
		amount: 10 + k,
		sendTo: `to${Math.floor(k / 2) + 1}@scenario.example`,
	};
}

/** Documents a version 2 node creates with a Currency of their own (required there). */
const WITH_CURRENCY: Operation[] = ['invoiceCreate', 'invoiceUpsert', 'estimateCreate', 'estimateUpsert'];

/** Send's window on a version 2 node: its own field, the other options where they were. */
function sendWindowAsField(sendOptions: INodeParameters): INodeParameters {
	const { skipIfSentWithinMinutes, ...options } = sendOptions;
	return { resendWindowMinutes: skipIfSentWithinMinutes, sendOptions: options };
}

/**
 * The same step on a version 2 node: its own names for the fields version 2 changed (Number Prefix, Payment Date,
 * Amount, Send's Re-Send Window), Currency given where it is required, and paying what is due by its Amount choice
 * "Outstanding Balance".
 */
function asVersion2(scenario: Scenario, operation: Operation, parameters: INodeParameters): INodeParameters {
	const { numberPrefix, paymentDate, amountPaid, ...rest } = parameters;
	return {
		...rest,
		...(rest.sendOptions === undefined ? {} : sendWindowAsField(rest.sendOptions as INodeParameters)),
		...(numberPrefix === undefined ? {} : { sequencePrefix: numberPrefix }),
		...(WITH_CURRENCY.includes(operation) ? { currencyCode: 'USD' } : {}),
		...(operation === 'recordPayment'
			? { paymentDay: paymentDate, ...(scenario.settings.payDue ? { paymentAmount: 'balance' } : { paymentAmount: 'given', amountReceived: amountPaid }) }
			: {}),
	};
}

export function parametersOf(scenario: Scenario, operation: Operation = scenario.operation): INodeParameters {
	const parameters = parametersOfVersion1(scenario, operation);
	return scenario.settings.version === 2 ? asVersion2(scenario, operation, parameters) : parameters;
}

function parametersOfVersion1(scenario: Scenario, operation: Operation): INodeParameters {
	const s = scenario.settings;
	const requestOptions: INodeParameters = { timeout: s.timeoutMs, ...(s.batching ? { batching: { batch: s.batching } } : {}) };
	const common: INodeParameters = { requestOptions, ...(s.longestWaitS === undefined ? {} : { rateLimits: { longestWait: s.longestWaitS } }) };
	const clientFields = { names: '={{ $json.name }}', additionalFields: s.clientHasEmail ? { email: '={{ $json.email }}' } : {} };
	const document = { client: byIdExpression('client'), itemsMode: 'json', itemsJson: LINE };
	const guard = { guardOptions: { settleTimeouts: s.settleTimeouts, ...(s.numberScope ? { numberScope: s.numberScope } : {}) } };
	const keyed = s.numbering === 'next' && s.rerunKey && NUMBERED.includes(operation) ? { rerunKey: '={{ $json.order }}', rerunKeyField: s.rerunKey.field } : {};
	const numbering = (field: string, prefix: string): INodeParameters =>
		s.numbering === 'next' ? { numbering: 'next', numberPrefix: prefix, numberDigits: 4, ...keyed } : { numbering: 'given', [field]: `={{ $json.${field} }}` };
	const fromEstimate: INodeParameters = {
		...(s.numbering === 'next' && s.ifEstimateInvoiced ? { ifEstimateInvoiced: s.ifEstimateInvoiced } : {}),
		...(s.datesPerRun && FROM_ESTIMATE.includes(operation) ? { invoiceOverrides: { issueDate: '={{ $json.issueDate }}' } } : {}),
	};
	switch (operation) {
		case 'clientCreate':
			return { resource: 'client', operation: 'create', ...clientFields, ifExists: s.ifExists, ...guard, ...common };
		case 'clientUpsert':
			return { resource: 'client', operation: 'upsert', ...clientFields, ...guard, ...common };
		case 'invoiceCreate':
			return { resource: 'invoice', operation: 'create', ...document, ...numbering('invoiceNo', 'INV-'), additionalFields: { issueDate: '2026-01-15' }, ifExists: s.ifExists, ...guard, ...common };
		case 'invoiceUpsert':
			return {
				resource: 'invoice',
				operation: 'upsert',
				...document,
				invoiceNo: '={{ $json.invoiceNo }}',
				paymentStatus: s.paymentStatus,
				existingPaymentStatus: s.existingPaymentStatus,
				...guard,
				...common,
			};
		case 'estimateCreate':
			return { resource: 'estimate', operation: 'create', ...document, ...numbering('estimateNo', 'EST-'), additionalFields: { issueDate: '2026-01-15' }, ifExists: s.ifExists, ...guard, ...common };
		case 'estimateUpsert':
			return { resource: 'estimate', operation: 'upsert', ...document, estimateNo: '={{ $json.estimateNo }}', ...guard, ...common };
		case 'invoiceFromEstimate':
			return {
				resource: 'invoice',
				operation: 'createFromEstimate',
				fromEstimate: byIdExpression('estimateId'),
				...numbering('invoiceNo', 'INV-'),
				...fromEstimate,
				markEstimateAccepted: s.markAccepted,
				ifExists: s.ifExists,
				...guard,
				...common,
			};
		case 'estimateToInvoice':
			return {
				resource: 'estimate',
				operation: 'convertToInvoice',
				estimateId: byIdExpression('estimateId'),
				...(s.numbering === 'next' ? numbering('newInvoiceNo', 'INV-') : { numbering: 'given', newInvoiceNo: '={{ $json.invoiceNo }}' }),
				...fromEstimate,
				markEstimateAccepted: s.markAccepted,
				...guard,
				...common,
			};
		case 'clientUpdate':
			return { resource: 'client', operation: 'update', clientId: byIdExpression('client'), updateFields: { phone: '={{ $json.note }}' }, ...common };
		case 'invoiceUpdate':
			return { resource: 'invoice', operation: 'update', invoiceId: byIdExpression('invoiceId'), itemsMode: 'keep', updateFields: { note: '={{ $json.note }}' }, ...common };
		case 'estimateUpdate':
			return { resource: 'estimate', operation: 'update', estimateId: byIdExpression('estimateId'), itemsMode: 'keep', updateFields: { note: '={{ $json.note }}' }, ...common };
		case 'expenseUpdate':
			return { resource: 'expense', operation: 'update', expenseId: byIdExpression('expenseId'), updateFields: { description: '={{ $json.note }}' }, ...common };
		case 'clientDelete':
			return { resource: 'client', operation: 'delete', clientId: byIdExpression('client'), ...common };
		case 'invoiceDelete':
			return { resource: 'invoice', operation: 'delete', invoiceId: byIdExpression('invoiceId'), ...common };
		case 'estimateDelete':
			return { resource: 'estimate', operation: 'delete', estimateId: byIdExpression('estimateId'), ...common };
		case 'expenseDelete':
			return { resource: 'expense', operation: 'delete', expenseId: byIdExpression('expenseId'), ...common };
		case 'markPaid':
			return { resource: 'invoice', operation: 'markPaid', invoiceId: byIdExpression('invoiceId'), ...common };
		case 'markNotPaid':
			return { resource: 'invoice', operation: 'markNotPaid', invoiceId: byIdExpression('invoiceId'), ...common };
		case 'estimateSend':
			return {
				resource: 'estimate',
				operation: 'send',
				estimateId: byIdExpression('estimateId'),
				email: '={{ $json.sendTo }}',
				sendOptions: { skipIfSentWithinMinutes: s.skipIfSentWithinMinutes, settleTimeouts: s.settleTimeouts },
				...common,
			};
		case 'expenseCreate':
			return { resource: 'expense', operation: 'create', description: '={{ $json.line }}', issueDate: '2026-01-10T00:00:00', amount: '={{ $json.amount }}', currency: 'USD', ...common };
		case 'recordPayment':
			return {
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: byIdExpression('invoiceId'),
				paymentDate: '2026-01-15',
				amountPaid: s.payDue ? '={{ $json.due }}' : '={{ $json.amount }}',
				paymentOptions: { ifPaid: s.ifPaid, refuseOverpayment: s.refuseOverpayment, repeatWindowMinutes: s.repeatWindowMinutes, settleTimeouts: s.settleTimeouts },
				...common,
			};
		case 'send':
			return {
				resource: 'invoice',
				operation: 'send',
				invoiceId: byIdExpression('invoiceId'),
				email: '={{ $json.sendTo }}',
				sendOptions: { skipIfSentWithinMinutes: s.skipIfSentWithinMinutes, settleTimeouts: s.settleTimeouts },
				...common,
			};
		case 'invoiceGetAll': {
			const filters: INodeParameters = {};
			if (s.filter.invoiceNo !== undefined) filters.invoiceNo = s.filter.invoiceNo;
			if (s.filter.paymentStatus !== undefined) filters.paymentStatus = s.filter.paymentStatus;
			return { resource: 'invoice', operation: 'getAll', returnAll: s.filter.returnAll, limit: s.filter.limit, filters, ...common };
		}
	}
}

/** The sandbox fault for a drawn one; a time-out's share becomes milliseconds. */
export function faultSpec(fault: Fault, timeoutMs: number): FaultSpec {
	const method = fault.method === undefined ? {} : { method: fault.method };
	switch (fault.kind) {
		case 'rateLimited': {
			const ra = fault.retryAfter;
			const header = ra.form === 'absent' ? {} : ra.form === 'date' ? { retryAfterDateInMs: ra.inMs } : { retryAfter: ra.value };
			return { kind: 'status', status: 429, message: 'Too many requests; retry later.', count: fault.count, ...header, ...method };
		}
		case 'slow':
			return { kind: 'delay', delayMs: Math.round((timeoutMs * fault.percent) / 100), when: fault.when, ...method };
		case 'serverError':
			return { kind: 'status', status: fault.status, message: 'Simulated failure.', when: fault.when, ...method };
		case 'dropped':
			return { kind: 'drop', when: fault.when, ...method };
	}
}

async function call(url: string, method: string, path: string, body: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${url}${path}`, {
		method,
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return (await response.json()) as IDataObject;
}

const firstId = (body: IDataObject, envelope: string) => ((body[envelope] as IDataObject[])[0].id as string) ?? '';

/** The rows of execution `run`: twins all get the first's; others the same keys, rotated, with content of their own. */
export function rowsOf(scenario: Scenario, run: number): number[] {
	if (scenario.twins || run === 0) return scenario.items;
	const at = run % scenario.items.length;
	return [...scenario.items.slice(at), ...scenario.items.slice(0, at)];
}

/** A later step's input: each item the step before output without an error, with its row's values and the invoice it names. */
function nextInput(step: StepRun): { input: IDataObject[]; keys: number[] } {
	const input: IDataObject[] = [];
	const keys: number[] = [];
	step.result.items.forEach((item, index) => {
		if (item.error || item.json.error !== undefined || typeof item.json.id !== 'string' || step.input[index] === undefined) return;
		const due = item.json.outstanding_balance;
		input.push({ ...step.input[index], invoiceId: item.json.id, ...(due === undefined ? {} : { due }) });
		keys.push(step.keys[index]);
	});
	return { input, keys };
}

/** The rows with what each one's invoice has still to be paid, as a Get of it now would give it ("pay what is due"). */
function withDue(input: IDataObject[], book: BookData): IDataObject[] {
	return input.map((row) => {
		const invoice = book.invoices.find((held) => held.id === row.invoiceId);
		return invoice ? { ...row, due: invoiceView(invoice).outstanding_balance, status: invoice.payment_status } : row;
	});
}

/** One execution: its chain of steps, each a run of the node fed what the one before output. */
async function execution(
	scenario: Scenario,
	service: { url: string; credentialId: string },
	first: { input: IDataObject[]; keys: number[] },
	run: number,
): Promise<StepRun[]> {
	const s = scenario.settings;
	const steps: StepRun[] = [];
	let feed = first;
	for (const operation of [scenario.operation, ...scenario.chain]) {
		if (steps.length > 0 && feed.input.length === 0) break;
		const result = await runNode({
			credentials: { baseUrl: service.url, apiKey: API_KEY },
			credentialId: service.credentialId,
			parameters: parametersOf(scenario, operation),
			items: feed.input,
			continueOnFail: s.continueOnFail,
			...(s.retry ? { retry: s.retry } : {}),
			// a queue worker of its own for every other execution
			worker: scenario.processes === 2 ? run % 2 : 0,
			typeVersion: s.version ?? 1,
		});
		const step = { operation, ...feed, result };
		steps.push(step);
		if (result.error) break;
		feed = nextInput(step);
	}
	return steps;
}

async function setUp(url: string, scenario: Scenario): Promise<ScenarioOutcome['setup']> {
	const listing = scenario.operation === 'invoiceGetAll';
	const clients = [
		firstId(await call(url, 'POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' }), 'data'),
		firstId(await call(url, 'POST', '/client/add', { names: 'Beta Ltd', email: 'billing@beta.example' }), 'data'),
	];
	const invoices: string[] = [];
	const estimates: string[] = [];
	const expenses: string[] = [];
	for (const [index, client] of clients.entries()) {
		const body = await call(url, 'POST', '/invoice/add', {
			client,
			invoice_no: listing ? `INV-${index + 1}` : `SETUP-${index + 1}`,
			payment_status: listing && index === 1 ? 'Paid' : 'Not Paid',
			items: [{ description: 'Work', quantity: 1, rate: 100 }],
		});
		invoices.push(firstId(body, 'invoice'));
		expenses.push(firstId(await call(url, 'POST', '/expense/add', { description: `Expense ${index + 1}`, issue_date: '2026-01-10', amount: 50, currency: 'USD' }), 'expense'));
	}
	// the same lines, two of one client: an invoice of one is never another's (issue 34)
	for (let k = 0; k < scenario.keys; k++) {
		const body = await call(url, 'POST', '/estimate/add', { client: clients[k % 2], estimate_no: `SETUP-E${k + 1}`, items: [{ description: 'Audit', quantity: 3, rate: 33.33 }] });
		estimates.push(firstId(body, 'estimate'));
	}
	if (listing) {
		await call(url, 'POST', '/invoice/add', { client: clients[0], invoice_no: 'INV-3', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 5 }] });
	}
	return { clients, invoices, estimates, expenses };
}

/**
 * Each scenario's credential has an id of its own: the node keeps what it learnt of a service for the life of the
 * process by its credential (a sequence's writes without answer, for minutes), and a later scenario's sandbox may
 * get a port an earlier one had, a book that changed behind that credential's back, which no user has.
 */
let scenarios = 0;

/** Runs one scenario against a sandbox of its own; waits for late writes to land before reading the book. */
export async function runScenario(scenario: Scenario): Promise<ScenarioOutcome> {
	const sandbox = await startSandbox({ apiKey: API_KEY });
	const credentialId = `scenario-${++scenarios}`;
	try {
		const s = scenario.settings;
		const setup = await setUp(sandbox.url, scenario);
		const before = sandbox.state();
		const firsts = Array.from({ length: scenario.executions }, (_, run) => {
			const keys = rowsOf(scenario, run);
			return { keys, input: keys.map((k) => keyValues(k, setup, s.clientHasEmail, scenario.twins ? 0 : run, scenario.twins ? 0 : run, keysAcross(scenario))) };
		});
		// the re-run: the first execution's rows again, delivered anew (its own keys when each delivery has its own, its own dates)
		if (s.payDue) for (const first of firsts) first.input = withDue(first.input, before);
		const again = { keys: firsts[0].keys, input: firsts[0].keys.map((k) => keyValues(k, setup, s.clientHasEmail, 0, scenario.executions, keysAcross(scenario))) };
		sandbox.clearRequests();
		for (const fault of scenario.faults) sandbox.injectFault(faultSpec(fault, s.timeoutMs));
		const client = watchClient(new URL(sandbox.url).host);
		// started at the same moment, in this process: n8n's regular mode running webhook calls side by side
		const all = Promise.all(firsts.map((first, run) => execution(scenario, { url: sandbox.url, credentialId }, first, run)));
		let timer: NodeJS.Timeout | undefined;
		const hung = new Promise<'hung'>((resolve) => {
			timer = setTimeout(() => resolve('hung'), HANG_MS);
		});
		let againAt: number | undefined;
		const rerun = async () => {
			againAt = performance.now();
			return await execution({ ...scenario, chain: [] }, { url: sandbox.url, credentialId }, s.payDue ? { ...again, input: withDue(again.input, sandbox.state()) } : again, 0);
		};
		const ended = await Promise.race([all.then(async (runs) => (scenario.again ? [...runs, await rerun()] : runs)), hung]);
		clearTimeout(timer);
		const base = { scenario, input: firsts[0].input, before, setup };
		if (ended === 'hung') {
			return { ...base, runs: [], result: { items: [] }, requests: sandbox.requests(), client: client.stop(), book: sandbox.state(), hungAfterMs: HANG_MS };
		}
		// a write held by a slow fault may land after the node gave up: let it, before the book is read
		if (scenario.faults.some((f) => f.kind === 'slow')) {
			const last = Math.max(0, ...sandbox.requests().map((r) => r.receivedAt));
			const until = last + s.timeoutMs * 1.5 + 100;
			while (Date.now() < until && sandbox.requests().some((r) => r.status === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
		}
		return { ...base, runs: ended, result: ended[0][0].result, requests: sandbox.requests(), client: client.stop(), book: sandbox.state(), ...(againAt === undefined ? {} : { againAt }) };
	} finally {
		await sandbox.close();
	}
}

export type OutputItem = INodeExecutionData;
