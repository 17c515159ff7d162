import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

// The sandbox's real clock: the retry guards compare the service's timestamps with now.
const ctx = useEngineFixture({ deterministic: false });

const ROWS = Array.from({ length: 20 }, (_, i) => ({
	name: `Client ${i + 1}`,
	email: `client${i + 1}@example.com`,
	invoiceNo: `INV-${String(i + 1).padStart(3, '0')}`,
	lines: [
		{ description: 'Consulting', quantity: i + 1, rate: 100 },
		{ description: 'Travel', quantity: 1, rate: 25.5 },
	],
}));

const createClient: INodeParameters = {
	resource: 'client',
	operation: 'create',
	names: '={{ $json.name }}',
	additionalFields: { email: '={{ $json.email }}' },
};

const createInvoice = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId('={{ $json.clientId }}'),
	invoiceNo: '={{ $json.invoiceNo }}',
	paymentStatus: 'Not Paid',
	itemsMode: 'json',
	itemsJson: '={{ $json.lines }}',
	additionalFields: { currency: 'EUR', taxRate: 10 },
	...extra,
});

async function newClient(names = 'Acme Ltd', email = 'billing@acme.example'): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names, email });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(client: string, invoiceNo: string, total = 100): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', {
		client,
		invoice_no: invoiceNo,
		payment_status: 'Not Paid',
		items: [{ description: 'Work', quantity: 1, rate: total }],
	});
	return (body.invoice as IDataObject[])[0].id as string;
}

const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((item) => item.json);

describe('re-runs and duplicates inside one input', () => {
	test('the same 20-row sync run three times leaves exactly 20 clients and 20 invoices', async () => {
		for (let run = 1; run <= 3; run++) {
			const clients = await ctx.run(createClient, { items: ROWS });
			expect(clients.error).toBeUndefined();
			expect(jsons(clients).map((c) => c.action)).toEqual(ROWS.map(() => (run === 1 ? 'created' : 'existing')));
			const rows = ROWS.map((row, i) => ({ ...row, clientId: jsons(clients)[i].id }));
			const invoices = await ctx.run(createInvoice(), { items: rows });
			expect(invoices.error).toBeUndefined();
			expect(jsons(invoices).map((i) => [i.invoice_no, i.action])).toEqual(ROWS.map((row) => [row.invoiceNo, run === 1 ? 'created' : 'existing']));
			expect(jsons(invoices)[1].total).toBe(248.05);
		}
		const state = ctx.sandbox.state();
		expect(state.clients.map((c) => c.email).sort()).toEqual(ROWS.map((row) => row.email).sort());
		expect(state.invoices.map((i) => i.invoice_no).sort()).toEqual(ROWS.map((row) => row.invoiceNo));
	});

	test('two rows with the same invoice number in one run end in one invoice; the second outputs it as existing', async () => {
		const clientId = await newClient();
		const row = { clientId, invoiceNo: 'INV-9', lines: [{ description: 'Work', quantity: 2, rate: 50 }] };
		const result = await ctx.run(createInvoice(), { items: [row, { ...row }, { ...row, invoiceNo: 'INV-10' }] });
		expect(result.error).toBeUndefined();
		expect(jsons(result).map((i) => [i.invoice_no, i.action])).toEqual([
			['INV-9', 'created'],
			['INV-9', 'existing'],
			['INV-10', 'created'],
		]);
		expect(jsons(result)[0].id).toBe(jsons(result)[1].id);
		expect(ctx.sandbox.state().invoices.map((i) => i.invoice_no).sort()).toEqual(['INV-10', 'INV-9']);
		// one lookup of the invoice list for the whole run, then the creates (the existing one is read back, not
		// written), and the looks after the two creates at the client's documents (after-create): one, or two when
		// the second answer came while the first look was in flight
		const sent = ctx.sent();
		const reads = sent.filter((r) => r.method === 'GET').map((r) => r.path);
		expect(reads.filter((path) => path !== `/v1/client/${clientId}`)).toEqual(['/v1/invoice/all', `/v1/invoice/${jsons(result)[0].id}`]);
		expect(reads[0]).toBe('/v1/invoice/all');
		expect([2, 3]).toContain(reads.filter((path) => path === `/v1/client/${clientId}`).length);
		expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/invoice/add', '/v1/invoice/add']);
	});

	test('two rows for the same new client in one run (matched on email) create one client', async () => {
		const row = { name: 'Globex', email: 'AP@globex.example' };
		const result = await ctx.run(createClient, { items: [row, { ...row, email: 'ap@globex.example' }] });
		expect(result.error).toBeUndefined();
		expect(jsons(result).map((c) => c.action)).toEqual(['created', 'existing']);
		expect(ctx.sandbox.state().clients).toHaveLength(1);
	});
});

describe('If Already Exists', () => {
	const row = (clientId: string, rate = 100) => ({ clientId, invoiceNo: 'INV-1', lines: [{ description: 'Work', quantity: 1, rate }] });

	test('Return Existing If Identical: the existing invoice, read back with its payments and send log', async () => {
		const clientId = await newClient();
		const id = await newInvoice(clientId, 'INV-1');
		const result = await ctx.run(createInvoice({ additionalFields: {} }), { items: [row(clientId)] });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/invoice/all', `GET /v1/invoice/${id}`]);
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ id, invoice_no: 'INV-1', action: 'existing', payments: [], send_log: [] }));
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('Return Existing If Identical: an invoice with the same number but other values is an error, nothing is written', async () => {
		const clientId = await newClient();
		const id = await newInvoice(clientId, 'INV-1');
		const result = await ctx.run(createInvoice(), { items: [row(clientId, 120)] });
		expect(result.error?.message).toBe(
			`Create Invoice "INV-1" (item 0): The invoice "INV-1" (id ${id}) already exists with other values (currency, tax_rate, items): not created again`,
		);
		expect(result.error?.description).toBe('Use "Create or Update" to change it, or set "If Already Exists" to "Create Anyway" to add a second one.');
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('Error: an existing number fails the item before anything is written', async () => {
		const clientId = await newClient();
		const id = await newInvoice(clientId, 'INV-1');
		const result = await ctx.run(createInvoice({ ifExists: 'error', additionalFields: {} }), { items: [row(clientId)] });
		expect(result.error?.message).toBe(`Create Invoice "INV-1" (item 0): The invoice "INV-1" (id ${id}) already exists`);
		expect(ctx.sent().map((r) => r.method)).toEqual(['GET']);
	});

	test('Create Anyway: no lookup, a second invoice with the same number', async () => {
		const clientId = await newClient();
		await newInvoice(clientId, 'INV-1');
		const result = await ctx.run(createInvoice({ ifExists: 'create' }), { items: [row(clientId)] });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/invoice/add']);
		expect(jsons(result)[0].action).toBe('created');
		expect(ctx.sandbox.state().invoices).toHaveLength(2);
	});

	test('two records with the key already in the service: an error naming both, never a guess', async () => {
		const clientId = await newClient();
		const first = await newInvoice(clientId, 'INV-1');
		const second = await newInvoice(clientId, 'INV-1');
		for (const [operation, label] of [
			['create', 'Create'],
			['upsert', 'Create or Update'],
		]) {
			const result = await ctx.run(createInvoice({ operation }), { items: [row(clientId)] });
			expect(result.error?.message).toBe(`${label} Invoice "INV-1" (item 0): 2 invoices have the invoice no "INV-1": "INV-1" (id ${first}), "INV-1" (id ${second})`);
		}
		expect(ctx.sandbox.state().invoices).toHaveLength(2);
	});
});

describe('Create or Update', () => {
	test('invoice: created when the number is new, updated (items replaced) when it exists', async () => {
		const clientId = await newClient();
		const upsert = (rate: number) =>
			ctx.run(createInvoice({ operation: 'upsert' }), { items: [{ clientId, invoiceNo: 'INV-7', lines: [{ description: 'Work', quantity: 1, rate }] }] });
		const created = await upsert(100);
		expect(jsons(created)[0]).toEqual(expect.objectContaining({ invoice_no: 'INV-7', total: 110, action: 'created' }));
		const updated = await upsert(200);
		const id = jsons(created)[0].id as string;
		// the PUT's answer lacks the payments and send log Get shows: read once after it
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/invoice/all', `PUT /v1/invoice/${id}`, `GET /v1/invoice/${id}`]);
		expect(jsons(updated)[0]).toEqual(expect.objectContaining({ id, invoice_no: 'INV-7', total: 220, payments: [], send_log: [], action: 'updated' }));
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('client: matched on email when one is given, else on the name (without case)', async () => {
		const id = await newClient('Acme Ltd', 'billing@acme.example');
		const byEmail = await ctx.run({ resource: 'client', operation: 'upsert', names: 'Acme Group', additionalFields: { email: 'Billing@Acme.example', phone: '+1 555' } });
		expect(jsons(byEmail)[0]).toEqual(expect.objectContaining({ id, names: 'Acme Group', phone: '+1 555', action: 'updated' }));
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/client/all', `PUT /v1/client/${id}`, `GET /v1/client/${id}`]);
		const byName = await ctx.run({ resource: 'client', operation: 'upsert', names: 'acme group', additionalFields: { address: '1 Main St' } });
		expect(jsons(byName)[0]).toEqual(expect.objectContaining({ id, address: '1 Main St', action: 'updated' }));
		const other = await ctx.run({ resource: 'client', operation: 'upsert', names: 'Initech' });
		expect(jsons(other)[0].action).toBe('created');
		expect(ctx.sandbox.state().clients).toHaveLength(2);
	});

	test('estimate: matched on the estimate number', async () => {
		const clientId = await newClient();
		const parameters = (rate: number): INodeParameters => ({
			resource: 'estimate',
			operation: 'upsert',
			client: byId(clientId),
			estimateNo: 'EST-1',
			itemsMode: 'define',
			items: { item: [{ description: 'Audit', quantity: 1, rate }] },
		});
		expect(jsons(await ctx.run(parameters(900)))[0].action).toBe('created');
		const updated = jsons(await ctx.run(parameters(950)))[0];
		expect([updated.action, updated.estimate_no, updated.total]).toEqual(['updated', 'EST-1', 950]);
		expect(ctx.sandbox.state().estimates).toHaveLength(1);
	});
});

describe('a write that timed out is applied by the service; Retry On Fail then leaves exactly one effect', () => {
	// The node gives up after 300 ms; the service answers after 700 ms and applies the write all the same.
	const timingOut = { requestOptions: { timeout: 300 } };
	const retry = { maxTries: 2, waitBetweenTries: 1000 };

	test('Record Payment', async () => {
		const id = await newInvoice(await newClient(), 'INV-1', 100);
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 700, path: '/v1/invoice/record-payment' });
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: 10, ...timingOut },
			{ retry },
		);
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ success: true, id, skipped: true }));
		expect(String(jsons(result)[0].message)).toMatch(/^Not recorded again: a payment of 10\.00 was recorded on the invoice "INV-1" at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(reference PAY-\w+\), within the last 60 minutes\.$/);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([10]);
	});

	test('Create Client', async () => {
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 700, path: '/v1/client/add' });
		const result = await ctx.run({ ...createClient, names: 'Acme Ltd', additionalFields: { email: 'billing@acme.example' }, ...timingOut }, { retry });
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ names: 'Acme Ltd', action: 'existing' }));
		expect(ctx.sandbox.state().clients).toHaveLength(1);
	});

	test('Create Invoice', async () => {
		const clientId = await newClient();
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 700, path: '/v1/invoice/add' });
		const result = await ctx.run({ ...createInvoice(), ...timingOut }, { retry, items: [{ clientId, invoiceNo: 'INV-5', lines: ROWS[0].lines }] });
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ invoice_no: 'INV-5', action: 'existing' }));
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('Send Estimate', async () => {
		const clientId = await newClient();
		const body = await ctx.api('POST', '/estimate/add', { client: clientId, estimate_no: 'EST-1', items: [{ description: 'Audit', quantity: 1, rate: 900 }] });
		const id = (body.estimate as IDataObject[])[0].id as string;
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 700, path: '/v1/estimate/send' });
		const result = await ctx.run({ resource: 'estimate', operation: 'send', estimateId: byId(id), email: 'ap@globex.example', ...timingOut }, { retry });
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ success: true, id, skipped: true }));
		expect(ctx.sandbox.state().estimates[0].send_log.map((entry) => entry.email)).toEqual(['ap@globex.example']);
	});
});

describe('Record Payment guards', () => {
	const pay = (id: string, amountPaid: number, paymentOptions: INodeParameters = {}) =>
		ctx.run({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid, paymentOptions });

	test('an invoice already Paid is skipped by default, an error or recorded on request', async () => {
		const id = await newInvoice(await newClient(), 'INV-1', 100);
		await ctx.api('GET', `/invoice/paid/${id}`);
		// the state comes from the read the guard made: no request after it
		expect(jsons(await pay(id, 10))).toEqual([
			expect.objectContaining({ success: true, id, skipped: true, message: 'Not recorded: the invoice "INV-1" is already Paid.', payment_status: 'Paid', amount_paid: 0, payments: [] }),
		]);
		expect((await pay(id, 10, { ifPaid: 'error' })).error?.message).toBe(`Record Payment Invoice "INV-1" (item 0): The invoice "INV-1" is already Paid: no payment recorded`);
		expect(ctx.sandbox.state().invoices[0].payments).toEqual([]);
		expect((await pay(id, 10, { ifPaid: 'record' })).error).toBeUndefined();
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([10]);
	});

	test('an amount over the outstanding balance is refused before sending', async () => {
		const id = await newInvoice(await newClient(), 'INV-1', 100);
		const result = await pay(id, 100.01);
		expect(result.error?.message).toBe(`Record Payment Invoice "INV-1" (item 0): "Amount Paid" 100.01 is more than the outstanding balance 100.00 of the invoice "INV-1"`);
		expect(ctx.sent().map((r) => r.method)).toEqual(['GET']);
	});

	test('the same amount twice in one run is recorded once; with the window at 0 both are recorded', async () => {
		const id = await newInvoice(await newClient(), 'INV-1', 100);
		const twice = (paymentOptions: INodeParameters) =>
			ctx.run(
				{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: 20, paymentOptions },
				{ items: [{}, {}] },
			);
		expect(jsons(await twice({})).map((r) => r.skipped ?? false)).toEqual([false, true]);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([20]);
		expect(jsons(await twice({ repeatWindowMinutes: 0 })).map((r) => r.skipped ?? false)).toEqual([false, false]);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([20, 20, 20]);
	});
});
