import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { BookData, FaultSpec } from '../../tools/sandbox';
import { byId, useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

const ctx = useEngineFixture();
beforeEach(() => ctx.sandbox.clearFaults());

const HINT = 'The service is rate limiting: lower the batch size or add an interval under Request Options > Batching.';
const REFUSED = 'Too many requests; retry later.';
const refuse = (fault: Partial<FaultSpec> = {}): void =>
	ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, path: '/v1/client/add', method: 'POST', ...fault });
const posts = () => ctx.sandbox.requests().filter((r) => r.method === 'POST').map((r) => `${String(r.query.names)} ${r.status}`);
const createAcme = (more: IDataObject = {}) => ctx.run({ resource: 'client', operation: 'create', names: 'Acme', ifExists: 'create', ...more });
/** A time-out of 3 s bounds every wait below: a Retry-After of 1 s fits in it, one of 10 s does not. */
const TIMEOUT_3S = { requestOptions: { timeout: 3_000 } };
const httpDate = (msFromNow: number) => new Date(Date.now() + msFromNow).toUTCString();

describe('a 429 is sent again after the wait the service asks for (Retry-After)', () => {
	test.each([
		['seconds', () => '1'],
		['an HTTP date', () => httpDate(2_000)],
	])('Retry-After as %s within the time-out: sent again once, the client created once', async (_form, retryAfter) => {
		refuse({ retryAfter: retryAfter() });
		const result = await createAcme(TIMEOUT_3S);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.names, i.json.action])).toEqual([['Acme', 'created']]);
		expect(posts()).toEqual(['Acme 429', 'Acme 200']);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
	});

	test.each([
		['seconds', () => '10'],
		['an HTTP date', () => httpDate(10_000)],
	])('Retry-After as %s beyond the time-out: no wait, today\'s 429 message at once, naming the wait asked for', async (_form, retryAfter) => {
		refuse({ retryAfter: retryAfter() });
		const result = await createAcme(TIMEOUT_3S);
		expect(result.error?.message).toBe(`Create Client "Acme" (item 0) failed (HTTP 429): ${REFUSED}`);
		expect(result.error?.description).toMatch(
			new RegExp(`^${HINT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Refused 1 time in [0-9.]+ s; the node waits at most 3 s in all; the service asked to wait ([89](\\.\\d)?|10) s\\.$`),
		);
		expect(posts()).toEqual(['Acme 429']);
		expect(ctx.sandbox.state().clients).toEqual([]);
	});
});

describe('the wait is bounded, and can be changed or turned off', () => {
	test('refused every time, without Retry-After: backs off and sends again until the time-out, then today\'s message', async () => {
		refuse({ count: 1_000 });
		const result = await createAcme({ requestOptions: { timeout: 1_500 } });
		expect(result.error?.message).toBe(`Create Client "Acme" (item 0) failed (HTTP 429): ${REFUSED}`);
		expect(result.error?.description).toMatch(/^The service is rate limiting: .* Refused \d+ times in [0-9.]+ s; the node waits at most 1\.5 s in all\.$/);
		// a back-off that grows (0.25 s, 0.5 s, 1 s, ... halved at most by the jitter) fits a handful of sends into 1.5 s
		expect(posts().length).toBeGreaterThanOrEqual(2);
		expect(posts().length).toBeLessThanOrEqual(8);
		expect(posts().filter((post) => post !== 'Acme 429')).toEqual([]);
		expect(ctx.sandbox.state().clients).toEqual([]);
	});

	test('Rate Limits > Longest Wait (Seconds) shorter than the time-out bounds the wait', async () => {
		refuse({ retryAfter: '2' });
		const result = await createAcme({ ...TIMEOUT_3S, rateLimits: { longestWait: 1 } });
		expect(result.error?.message).toBe(`Create Client "Acme" (item 0) failed (HTTP 429): ${REFUSED}`);
		expect(result.error?.description).toMatch(/the node waits at most 1 s in all; the service asked to wait 2 s\.$/);
		expect(posts()).toEqual(['Acme 429']);
	});

	test('Longest Wait 0 turns it off: the 429 fails the item at once, exactly as before', async () => {
		refuse({ retryAfter: '0' });
		const result = await createAcme({ rateLimits: { longestWait: 0 } });
		expect(result.error?.message).toBe(`Create Client "Acme" (item 0) failed (HTTP 429): ${REFUSED}`);
		expect(result.error?.description).toBe(HINT);
		expect(posts()).toEqual(['Acme 429']);
	});
});

describe('no write is sent twice', () => {
	test('two rows with the same client, the first refused once: it is sent again, the second row finds it (duplicate guard)', async () => {
		refuse({ retryAfter: '0' });
		const result = await ctx.run({ resource: 'client', operation: 'create', names: '={{ $json.name }}' }, { items: [{ name: 'Acme' }, { name: 'Acme' }] });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.action)).toEqual(['created', 'existing']);
		// the second row waited on the key while the first was refused and sent again: one create reached the service
		expect(posts()).toEqual(['Acme 429', 'Acme 200']);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
	});

	test('a 429 on the read after a payment: the read is sent again, the payment never', async () => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as IDataObject[])[0].id as string;
		const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		const invoice = (body.invoice as IDataObject[])[0].id as string;
		// the guard reads the invoice first, then the payment, then the read after it: the third GET is refused
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 0, path: `/v1/invoice/${invoice}`, method: 'GET' });
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '0', path: `/v1/invoice/${invoice}`, method: 'GET', count: 1 });
		const result = await ctx.run({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 4 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ success: true, id: invoice, amount_paid: 4 });
		expect(ctx.sandbox.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /v1/invoice/${invoice} 200`,
			'POST /v1/invoice/record-payment 200',
			`GET /v1/invoice/${invoice} 429`,
			`GET /v1/invoice/${invoice} 200`,
		]);
		expect(ctx.sandbox.state().invoices[0].payments).toHaveLength(1);
	});
});

/** The goal of issue 21: a service that takes 5 requests at once and 100 per second, every item with default settings. */
const MAX_CONCURRENT = 5;
const MAX_PER_SECOND = 100;
const SERVICE_TIME_MS = 2;
const ITEMS = 2000;

describe(`${ITEMS} Create Client items in one execution against ${MAX_CONCURRENT} at once and ${MAX_PER_SECOND} per second, default settings`, () => {
	// in its own process, as a real service is (see load.test.ts)
	let sandbox: ChildProcess;
	let url: string;
	beforeAll(async () => {
		const root = join(__dirname, '..', '..');
		const limits = ['--max-concurrent', String(MAX_CONCURRENT), '--max-per-second', String(MAX_PER_SECOND), '--service-time-ms', String(SERVICE_TIME_MS)];
		sandbox = spawn(process.execPath, [join(root, 'node_modules', '.bin', 'ts-node'), '--transpile-only', join(root, 'tools', 'sandbox', 'cli.ts'), '--port', '0', '--deterministic', ...limits], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		url = await new Promise<string>((resolve, reject) => {
			sandbox.stdout?.on('data', (chunk: Buffer) => {
				const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
				if (match) resolve(match[0]);
			});
			sandbox.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
		});
	}, 60_000);
	afterAll(() => {
		sandbox?.kill('SIGTERM');
	});

	test('0 failures, each client created exactly once, the output in input order and each item with its row', async () => {
		const rows = Array.from({ length: ITEMS }, (_, i) => ({ name: `Client ${String(i + 1).padStart(4, '0')}` }));
		const result = await runNode({ credentials: { baseUrl: url }, parameters: { resource: 'client', operation: 'create', names: '={{ $json.name }}' }, items: rows, continueOnFail: true });
		expect(result.items.filter((i) => i.error).map((i) => i.error?.message)).toEqual([]);
		expect(result.items.map((i) => [i.json.names, i.json.action])).toEqual(rows.map((r) => [r.name, 'created']));
		const state = (await fetch(`${url.replace(/\/v1$/, '')}/__sandbox/state`).then((r) => r.json())) as BookData;
		expect(state.clients.map((c) => c.names).sort()).toEqual(rows.map((r) => r.name));
		// each item paired with its row: the id it outputs is the record stored under its name
		const idOf = new Map(state.clients.map((c) => [c.names, c.id]));
		expect(result.items.every((item, index) => item.json.id === idOf.get(rows[index].name))).toBe(true);
	}, 300_000);
});
