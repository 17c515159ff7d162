import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { RECENT_READ_MS, setRecentReadWindow } from '../../nodes/Invoicing/helpers/request/recent-reads';
import { addClient, addInvoice, API_KEY, byId, useEngineFixture } from './fixture';

/**
 * What the process read of a record moments ago serves a guard's or an update's read of it (recent-reads), and
 * only then: each test shows a read served, then the same read sent when it must be (too old, after a write of
 * this process, another service, a write without answer, a read the user asked for).
 */
const ctx = useEngineFixture();

// a busy machine must not decide which reads are served; the test of the window sets it back before it waits
beforeEach(() => setRecentReadWindow(10_000));
afterAll(() => setRecentReadWindow(RECENT_READ_MS));

const sent = () => ctx.sent().map((r) => `${r.method} ${r.path.replace(/^\/v1/, '')}`);

async function step(parameters: INodeParameters, options: Parameters<typeof ctx.run>[1] = {}): Promise<{ json: IDataObject; requests: string[] }> {
	const result = await ctx.run(parameters, options);
	expect(result.error).toBeUndefined();
	return { json: result.items[0].json, requests: sent() };
}

const send = (id: string): INodeParameters => ({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: 'billing@acme.example' });
const pay = (id: string, amount = 10): INodeParameters => ({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-01-15', amountPaid: amount });

async function twoInvoices(): Promise<[string, string]> {
	const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
	return [await addInvoice(ctx, client, 'INV-1'), await addInvoice(ctx, client, 'INV-2')];
}

test(`a read more than ${RECENT_READ_MS} ms old serves no guard`, async () => {
	const [a, b] = await twoInvoices();
	await step(send(a));
	// at once: Send's read after the send is Record Payment's guard read
	expect((await step(pay(a))).requests).toEqual(['POST /invoice/record-payment', `GET /invoice/${a}`]);
	await step(send(b));
	setRecentReadWindow(RECENT_READ_MS);
	await sleep(RECENT_READ_MS + 100);
	expect((await step(pay(b))).requests).toEqual([`GET /invoice/${b}`, 'POST /invoice/record-payment', `GET /invoice/${b}`]);
});

test('a write of this process forgets what it read: the guard reads the record its Update marked Paid', async () => {
	const [a, b] = await twoInvoices();
	await step(send(a));
	// Update's read before its PUT (client and number) is Send's read after the send
	const update = await step({ resource: 'invoice', operation: 'update', invoiceId: byId(a), itemsMode: 'keep', updateFields: { paymentStatus: 'Paid' } });
	expect(update.requests).toEqual([`PUT /invoice/${a}`]);
	const payment = await step(pay(a));
	expect(payment.requests).toEqual([`GET /invoice/${a}`, `GET /invoice/${a}`]);
	expect(payment.json).toEqual(expect.objectContaining({ skipped: true, payment_status: 'Paid' }));
	expect(ctx.sandbox.state().invoices.find((invoice) => invoice.id === a)?.payments).toEqual([]);
	// a write to another record forgets too: one write can change several records (a client's holds its invoices)
	await step(send(b));
	await step({ resource: 'invoice', operation: 'update', invoiceId: byId(a), itemsMode: 'keep', updateFields: { note: 'Thanks' } });
	expect((await step(pay(b))).requests).toEqual([`GET /invoice/${b}`, 'POST /invoice/record-payment', `GET /invoice/${b}`]);
});

describe('another service', () => {
	let other: Sandbox;
	beforeAll(async () => {
		other = await startSandbox({ apiKey: API_KEY, deterministic: true });
	});
	afterAll(async () => other.close());

	test('a record read from one Base URL never serves the same id on another', async () => {
		const [a] = await twoInvoices();
		// the other service's book made the same way gives the same ids; there the invoice is Paid
		other.reset({});
		const post = async (path: string, body: IDataObject) =>
			(await (await fetch(`${other.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as IDataObject;
		const client = ((await post('/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' })).data as IDataObject[])[0].id as string;
		const theirs = ((await post('/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] })).invoice as IDataObject[])[0].id;
		expect(theirs).toBe(a);

		await step(send(a));
		other.clearRequests();
		const elsewhere = await step(pay(a), { credentials: { baseUrl: other.url, apiKey: API_KEY } });
		expect(other.requests().map((r) => `${r.method} ${r.path.replace(/^\/v1/, '')}`)).toEqual([`GET /invoice/${a}`, `GET /invoice/${a}`]);
		expect(elsewhere.json).toEqual(expect.objectContaining({ skipped: true, payment_status: 'Paid' }));
		// the first service's read still serves its own guard (the other run wrote nothing)
		ctx.sandbox.clearRequests();
		expect((await step(pay(a))).requests).toEqual(['POST /invoice/record-payment', `GET /invoice/${a}`]);
	});
});

test('after a write without an answer (HTTP 500), nothing read while it may still land serves a guard', async () => {
	const [a, b] = await twoInvoices();
	await step(send(a));
	expect((await step(pay(a))).requests).toEqual(['POST /invoice/record-payment', `GET /invoice/${a}`]);
	ctx.sandbox.injectFault({ kind: 'status', status: 500, method: 'PUT', when: 'after' });
	const update = await ctx.run({ resource: 'invoice', operation: 'update', invoiceId: byId(a), itemsMode: 'keep', updateFields: { note: 'Thanks' } }, { continueOnFail: true });
	expect(update.items[0].json.error).toEqual(expect.stringContaining('500'));
	// Send's read after the send comes after the failed PUT, which the service may still apply (5 x its duration, at least 5 s)
	await step(send(b));
	expect((await step(pay(b))).requests).toEqual([`GET /invoice/${b}`, 'POST /invoice/record-payment', `GET /invoice/${b}`]);
});

test('a read the user asked for is always sent; its answer serves the next guard', async () => {
	const [a] = await twoInvoices();
	await step(send(a));
	expect((await step({ resource: 'invoice', operation: 'get', invoiceId: byId(a) })).requests).toEqual([`GET /invoice/${a}`]);
	expect((await step(pay(a))).requests).toEqual(['POST /invoice/record-payment', `GET /invoice/${a}`]);
});
