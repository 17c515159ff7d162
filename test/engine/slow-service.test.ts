import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

// The real clock: the send and payment guards compare the service's timestamps with now.
const ctx = useEngineFixture({ deterministic: false });

/**
 * A slow service: it answers a write after 4 times the node's time-out, and applies it then, long after the
 * node gave up and after the retry's first lookup (Retry On Fail waits 200 ms).
 */
const TIMEOUT_MS = 300;
const APPLIED_AFTER_MS = 4 * TIMEOUT_MS;
const timingOut = { requestOptions: { timeout: TIMEOUT_MS } };
const retry = { maxTries: 2, waitBetweenTries: 200 };

const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((item) => item.json);

async function newClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client: await newClient(), invoice_no: 'INV-1', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

/** The requests after the write that timed out: the retry's lookups, until one found the write (or the write again). */
function afterWrite(writePath: string): string[] {
	const sent = ctx.sent();
	const at = sent.findIndex((r) => r.path === writePath);
	return sent.slice(at + 1).map((r) => `${r.method} ${r.path}`);
}

/** Waits until the sandbox has handled the first (late) write to `writePath`: it lands in this test, not a later one. */
async function lateWriteLanded(writePath: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	const handled = () => ctx.sandbox.requests().find((r) => r.path === writePath)?.status !== 0;
	while (!handled() && Date.now() < deadline) await sleep(25);
}

/**
 * Runs the node with the slow write. With `lookPath`, the write is also held until the retry looked there once
 * after it (the write lands after the first look, however slow the machine is).
 */
async function slowRun(writePath: string, parameters: INodeParameters, lookPath?: string) {
	const untilSeen = lookPath ? { path: lookPath, count: 1 } : undefined;
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: APPLIED_AFTER_MS, path: writePath, untilSeen });
	const result = await ctx.run({ ...parameters, ...timingOut }, { retry });
	await lateWriteLanded(writePath);
	return result;
}

describe(`a write applied ${APPLIED_AFTER_MS} ms after it was sent, time-out ${TIMEOUT_MS} ms, Retry On Fail after 200 ms`, () => {
	test('Create Client: one client; the retry looked more than once before it found the late write', async () => {
		const result = await slowRun('/v1/client/add', { resource: 'client', operation: 'create', names: 'Globex', additionalFields: { email: 'ap@globex.example' } }, '/v1/client/all');
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ names: 'Globex', action: 'existing' }));
		// at least two looks at the list, then the found client read back; no second POST
		const looks = afterWrite('/v1/client/add');
		expect(looks.filter((r) => r === 'GET /v1/client/all').length).toBeGreaterThanOrEqual(2);
		expect(looks.filter((r) => r.startsWith('POST'))).toEqual([]);
		expect(ctx.sandbox.state().clients.map((c) => c.email)).toEqual(['ap@globex.example']);
	});

	test('Create Invoice: one invoice; the retry re-reads the invoice list (numbers are unique in the book)', async () => {
		const client = await newClient();
		const result = await slowRun('/v1/invoice/add', {
			resource: 'invoice',
			operation: 'create',
			client: byId(client),
			invoiceNo: 'INV-5',
			paymentStatus: 'Not Paid',
			itemsMode: 'define',
			items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
		}, '/v1/invoice/all');
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ invoice_no: 'INV-5', action: 'existing' }));
		const looks = afterWrite('/v1/invoice/add');
		expect(looks.filter((r) => r === 'GET /v1/invoice/all').length).toBeGreaterThanOrEqual(2);
		expect(looks.filter((r) => r.startsWith('POST'))).toEqual([]);
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('Record Payment: one payment of 10.00, not two', async () => {
		const id = await newInvoice();
		const result = await slowRun('/v1/invoice/record-payment', { resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: 10 }, `/v1/invoice/${id}`);
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ success: true, id, skipped: true }));
		expect(afterWrite('/v1/invoice/record-payment').filter((r) => r === `GET /v1/invoice/${id}`).length).toBeGreaterThanOrEqual(3);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([10]);
	});

	test('Record Payment with the repeat window at 0: the payment the first look had not seen is the late one', async () => {
		const id = await newInvoice();
		const result = await slowRun('/v1/invoice/record-payment', {
			resource: 'invoice',
			operation: 'recordPayment',
			invoiceId: byId(id),
			paymentDate: '2026-03-05',
			amountPaid: 10,
			paymentOptions: { repeatWindowMinutes: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(String(jsons(result)[0].message)).toMatch(/^Not recorded again: a payment of 10\.00 was recorded on the invoice "INV-1" at .* UTC \(reference PAY-\w+\), after the earlier attempt got no answer\.$/);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([10]);
	});

	test('Send Estimate: one e-mail', async () => {
		const client = await newClient();
		const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-1', items: [{ description: 'Audit', quantity: 1, rate: 900 }] });
		const id = (body.estimate as IDataObject[])[0].id as string;
		const result = await slowRun('/v1/estimate/send', { resource: 'estimate', operation: 'send', estimateId: byId(id), email: 'ap@globex.example' });
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ success: true, id, skipped: true }));
		expect(ctx.sandbox.state().estimates[0].send_log.map((entry) => entry.email)).toEqual(['ap@globex.example']);
	});

	test('with the settle time at 0, the retry looks once, finds nothing and sends again: two clients, two payments', async () => {
		const created = await slowRun('/v1/client/add', { resource: 'client', operation: 'create', names: 'Globex', additionalFields: { email: 'ap@globex.example' }, guardOptions: { settleTimeouts: 0 } });
		expect(jsons(created)[0].action).toBe('created');
		// the look after the create comes before the late write lands: it sees one client
		expect(afterWrite('/v1/client/add')).toEqual(['GET /v1/client/all', 'POST /v1/client/add', 'GET /v1/client/all']);
		expect(ctx.sandbox.state().clients).toHaveLength(2);
		const id = await newInvoice();
		const paid = await slowRun('/v1/invoice/record-payment', {
			resource: 'invoice',
			operation: 'recordPayment',
			invoiceId: byId(id),
			paymentDate: '2026-03-05',
			amountPaid: 10,
			paymentOptions: { settleTimeouts: 0 },
		});
		expect(jsons(paid)[0].skipped).toBeUndefined();
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([10, 10]);
	});

	test('a 500 that applied nothing: the retry looks until the settle time is over, then sends once', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, path: '/v1/client/add' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: 'Globex', additionalFields: { email: 'ap@globex.example' }, guardOptions: { settleTimeouts: 2 }, ...timingOut },
			{ retry },
		);
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0].action).toBe('created');
		const looks = afterWrite('/v1/client/add');
		// the looks while the write settles, the second POST, the look after it (after-create)
		expect(looks.slice(-2)).toEqual(['POST /v1/client/add', 'GET /v1/client/all']);
		expect(looks.slice(0, -2).length).toBeGreaterThanOrEqual(2);
		expect(ctx.sandbox.state().clients).toHaveLength(1);
	});
});
