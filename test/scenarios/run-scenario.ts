import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type BookData, type FaultSpec, type RecordedRequest } from '../../tools/sandbox';
import { runNode, type NodeRunResult } from '../engine/harness/run-node';
import { watchClient, type ClientEvent } from './client-requests';
import type { Fault, Scenario } from './model';

/** What a scenario left behind: the node's output, every request the service received, the book after it. */
export interface ScenarioOutcome {
	scenario: Scenario;
	/** The input items, one per scenario item, with the values the node reads through expressions. */
	input: IDataObject[];
	result: NodeRunResult;
	requests: RecordedRequest[];
	/** The node's own process: each request it started and each answer it received, in order (client-requests.ts). */
	client: ClientEvent[];
	book: BookData;
	/** Ids of the records set up before the run (clients, invoices). */
	setup: { clients: string[]; invoices: string[] };
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
const ITEMS = { item: [{ description: 'Work', quantity: 1, rate: 100 }] };

/** The values of key `k`: two clients and two invoices are set up, keys spread over them. */
export function keyValues(k: number, setup: ScenarioOutcome['setup'], withEmail: boolean): IDataObject {
	return {
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

export function parametersOf(scenario: Scenario): INodeParameters {
	const s = scenario.settings;
	const requestOptions: INodeParameters = { timeout: s.timeoutMs, ...(s.batching ? { batching: { batch: s.batching } } : {}) };
	const common: INodeParameters = { requestOptions, ...(s.longestWaitS === undefined ? {} : { rateLimits: { longestWait: s.longestWaitS } }) };
	const clientFields = { names: '={{ $json.name }}', additionalFields: s.clientHasEmail ? { email: '={{ $json.email }}' } : {} };
	const document = { client: byIdExpression('client'), itemsMode: 'define', items: ITEMS };
	const guard = { guardOptions: { settleTimeouts: s.settleTimeouts } };
	switch (scenario.operation) {
		case 'clientCreate':
			return { resource: 'client', operation: 'create', ...clientFields, ifExists: s.ifExists, ...guard, ...common };
		case 'clientUpsert':
			return { resource: 'client', operation: 'upsert', ...clientFields, ...guard, ...common };
		case 'invoiceCreate':
			return { resource: 'invoice', operation: 'create', ...document, invoiceNo: '={{ $json.invoiceNo }}', ifExists: s.ifExists, ...guard, ...common };
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
			return { resource: 'estimate', operation: 'create', ...document, estimateNo: '={{ $json.estimateNo }}', ifExists: s.ifExists, ...guard, ...common };
		case 'recordPayment':
			return {
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: byIdExpression('invoiceId'),
				paymentDate: '2026-01-15',
				amountPaid: '={{ $json.amount }}',
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

/** Runs one scenario against a sandbox of its own; waits for late writes to land before reading the book. */
export async function runScenario(scenario: Scenario): Promise<ScenarioOutcome> {
	const sandbox = await startSandbox({ apiKey: API_KEY });
	try {
		const s = scenario.settings;
		const clients = [
			firstId(await call(sandbox.url, 'POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' }), 'data'),
			firstId(await call(sandbox.url, 'POST', '/client/add', { names: 'Beta Ltd', email: 'billing@beta.example' }), 'data'),
		];
		const invoices: string[] = [];
		for (const [index, client] of clients.entries()) {
			const body = await call(sandbox.url, 'POST', '/invoice/add', {
				client,
				invoice_no: scenario.operation === 'invoiceGetAll' ? `INV-${index + 1}` : `SETUP-${index + 1}`,
				payment_status: scenario.operation === 'invoiceGetAll' && index === 1 ? 'Paid' : 'Not Paid',
				items: [{ description: 'Work', quantity: 1, rate: 100 }],
			});
			invoices.push(firstId(body, 'invoice'));
		}
		if (scenario.operation === 'invoiceGetAll') {
			await call(sandbox.url, 'POST', '/invoice/add', { client: clients[0], invoice_no: 'INV-3', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 5 }] });
		}
		const setup = { clients, invoices };
		const input = scenario.items.map((k) => keyValues(k, setup, s.clientHasEmail));
		sandbox.clearRequests();
		for (const fault of scenario.faults) sandbox.injectFault(faultSpec(fault, s.timeoutMs));
		const client = watchClient(new URL(sandbox.url).host);
		const run = runNode({
			credentials: { baseUrl: sandbox.url, apiKey: API_KEY },
			parameters: parametersOf(scenario),
			items: input,
			continueOnFail: s.continueOnFail,
			...(s.retry ? { retry: s.retry } : {}),
		});
		let timer: NodeJS.Timeout | undefined;
		const hung = new Promise<'hung'>((resolve) => {
			timer = setTimeout(() => resolve('hung'), HANG_MS);
		});
		const ended = await Promise.race([run, hung]);
		clearTimeout(timer);
		if (ended === 'hung') {
			return { scenario, input, result: { items: [] }, requests: sandbox.requests(), client: client.stop(), book: sandbox.state(), setup, hungAfterMs: HANG_MS };
		}
		const result = ended;
		// a write held by a slow fault may land after the node gave up: let it, before the book is read
		if (scenario.faults.some((f) => f.kind === 'slow')) {
			const last = Math.max(0, ...sandbox.requests().map((r) => r.receivedAt));
			const until = last + s.timeoutMs * 1.5 + 100;
			while (Date.now() < until && sandbox.requests().some((r) => r.status === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
		}
		return { scenario, input, result, requests: sandbox.requests(), client: client.stop(), book: sandbox.state(), setup };
	} finally {
		await sandbox.close();
	}
}

export type OutputItem = INodeExecutionData;
