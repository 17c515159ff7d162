import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, form, NOW, TODAY, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

const LINES = [
	{ description: 'Design', quantity: 2, rate: 150.5 },
	{ description: 'Hosting', quantity: 12, rate: 19.99 },
	{ description: 'Support', quantity: 1.5, rate: 80 },
];

async function createClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', phone: '+1 555 0100', address: '1 Market St' });
	return (body.data as IDataObject[])[0].id as string;
}

async function createInvoice(client: string, invoiceNo = 'INV-1'): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', {
		client,
		invoice_no: invoiceNo,
		payment_status: 'Not Paid',
		tax_rate: 7.5,
		due_date: '2026-02-14',
		items: LINES,
	});
	return (body.invoice as IDataObject[])[0].id as string;
}

const createParameters = (client: string) => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-1',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: LINES },
	additionalFields: { taxRate: 7.5, currency: 'USD', issueDate: '2026-01-15T00:00:00', dueDate: '2026-02-14', note: 'Net 30' },
});

const itemPairs = (): Array<[string, string]> =>
	LINES.flatMap((line, i): Array<[string, string]> => [
		[`items[${i}][description]`, line.description],
		[`items[${i}][quantity]`, String(line.quantity)],
		[`items[${i}][rate]`, String(line.rate)],
	]);

/** What Send, Record Payment and Mark output after `success, id, message`: the simplified invoice and its lists. */
const stateOf = (id: string, changes: IDataObject = {}): IDataObject => ({
	invoice_no: 'INV-1',
	customer_id: '1000000000000001',
	customer_name: 'Acme Ltd',
	payment_status: 'Not Paid',
	currency: 'USD',
	issue_date: TODAY,
	due_date: '2026-02-14',
	total: 710.45,
	amount_paid: 0,
	outstanding_balance: 710.45,
	payments: [],
	send_log: [],
	...changes,
	id,
});

describe('invoice resource through the n8n engine', () => {
	test('create sends a bracket-notation form and outputs the invoice with totals computed by the service', async () => {
		const client = await createClient();
		const result = await ctx.run(createParameters(client));
		expect(result.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			// the guard: numbers are unique in the whole book (one list read per run)
			{ method: 'GET', path: '/v1/invoice/all', query: {}, encoding: 'none', rawBody: '', authorized: true, authorization: 'Bearer ***' },
			{
				method: 'POST',
				path: '/v1/invoice/add',
				query: {},
				encoding: 'form',
				rawBody: form([
					['client', client],
					['invoice_no', 'INV-1'],
					['payment_status', 'Not Paid'],
					['currency', 'USD'],
					['tax_rate', '7.5'],
					['issue_date', '2026-01-15'],
					['due_date', '2026-02-14'],
					['note', 'Net 30'],
					...itemPairs(),
				]),
				authorized: true,
				authorization: 'Bearer ***',
			},
			// the look after the create: no twin made by another execution at the same moment (after-create)
			{ method: 'GET', path: `/v1/client/${client}`, query: {}, encoding: 'none', rawBody: '', authorized: true, authorization: 'Bearer ***' },
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				id: '1000000000000002',
				short_code: 'sc0002',
				invoice_no: 'INV-1',
				description: '',
				customer_id: client,
				customer_name: 'Acme Ltd',
				customer_phone: '+1 555 0100',
				customer_address: '1 Market St',
				currency: 'USD',
				payment_status: 'Not Paid',
				tax_rate: 7.5,
				sub_total: 660.88,
				tax_amount: 49.57,
				total: 710.45,
				amount_paid: '0.00',
				outstanding_balance: '710.45',
				issue_date: '2026-01-15',
				due_date: '2026-02-14',
				note: 'Net 30',
				created_at: NOW,
				updated_at: NOW,
				// the same keys as Get: items with their amount, no payments or send log yet
				items: [
					{ description: 'Design', quantity: 2, rate: '150.50', amount: '301.00' },
					{ description: 'Hosting', quantity: 12, rate: '19.99', amount: '239.88' },
					{ description: 'Support', quantity: 1.5, rate: '80.00', amount: '120.00' },
				],
				payments: [],
				send_log: [],
				action: 'created',
			},
		]);
	});

	test('three input items create three invoices from expressions and JSON line items, in input order', async () => {
		const client = await createClient();
		const rows = ['A-1', 'A-2', 'A-3'].map((invoiceNo, i) => ({
			invoiceNo,
			lines: [{ description: `Row ${i + 1}`, quantity: i + 1, rate: '10' }],
		}));
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'create',
				client: byId(client),
				invoiceNo: '={{ $json.invoiceNo }}',
				paymentStatus: 'Not Paid',
				itemsMode: 'json',
				itemsJson: '={{ $json.lines }}',
			},
			{ items: rows },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.invoice_no, i.json.total])).toEqual([
			['A-1', 10],
			['A-2', 20],
			['A-3', 30],
		]);
		const sent = ctx.sent();
		// one read of the invoice list, shared by the three items; then the looks after the creates at the client's
		// documents (after-create): one read serves every create answered before it began, so 1 to 3 of them
		const reads = sent.filter((r) => r.method === 'GET').map((r) => r.path);
		expect(reads.filter((path) => path === '/v1/invoice/all')).toHaveLength(1);
		expect(new Set(reads)).toEqual(new Set(['/v1/invoice/all', `/v1/client/${client}`]));
		expect([2, 3, 4]).toContain(reads.length);
		expect(sent.filter((r) => r.method === 'POST').map((r) => r.rawBody).sort()).toEqual(
			rows
				.map((row, i) =>
					form([
						['client', client],
						['invoice_no', row.invoiceNo],
						['payment_status', 'Not Paid'],
						['items[0][description]', `Row ${i + 1}`],
						['items[0][quantity]', String(i + 1)],
						['items[0][rate]', '10'],
					]),
				)
				.sort(),
		);
	});

	test('get outputs the invoice with items (with amount), payments and send log', async () => {
		const client = await createClient();
		const id = await createInvoice(client);
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-01-16', amount_paid: 100, payment_method: 'Cash' });
		await ctx.api('POST', '/invoice/send', { id, email: 'billing@acme.example' });
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id), simplify: false });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, encoding: 'none' })]);
		const invoice = result.items[0].json;
		expect(invoice.created_at).toBeUndefined();
		expect([invoice.invoice_no, invoice.total, invoice.amount_paid, invoice.outstanding_balance]).toEqual(['INV-1', 710.45, '100.00', '610.45']);
		expect(invoice.items).toEqual([
			{ description: 'Design', quantity: 2, rate: '150.50', amount: '301.00' },
			{ description: 'Hosting', quantity: 12, rate: '19.99', amount: '239.88' },
			{ description: 'Support', quantity: 1.5, rate: '80.00', amount: '120.00' },
		]);
		expect(invoice.payments).toEqual([{ status: 'success', reference: 'PAY-000003', amount: 100, bank: 'Cash', created_at: NOW }]);
		expect(invoice.send_log).toEqual([{ email: 'billing@acme.example', date: NOW }]);
	});

	test('Simplify (the default) gives the fields a user acts on, for Get and Get Many alike', async () => {
		const client = await createClient();
		const id = await createInvoice(client);
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-01-16', amount_paid: 100, payment_method: 'Cash' });
		const simple = {
			id,
			invoice_no: 'INV-1',
			customer_id: client,
			customer_name: 'Acme Ltd',
			payment_status: 'Not Paid',
			currency: 'USD',
			issue_date: TODAY,
			due_date: '2026-02-14',
			total: 710.45,
			amount_paid: '100.00',
			outstanding_balance: '610.45',
		};
		const got = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id) });
		expect(got.items.map((i) => i.json)).toEqual([simple]);
		const many = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true });
		expect(many.items.map((i) => i.json)).toEqual([simple]);
		const full = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, simplify: false });
		expect(Object.keys(full.items[0].json)).toHaveLength(21);
		// Amounts as Numbers (off by default: saved workflows keep the service's text)
		const numbers = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id), amountsAsNumbers: true });
		expect(numbers.items.map((i) => i.json)).toEqual([{ ...simple, amount_paid: 100, outstanding_balance: 610.45 }]);
		const fullNumbers = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, simplify: false, amountsAsNumbers: true });
		expect([fullNumbers.items[0].json.amount_paid, fullNumbers.items[0].json.outstanding_balance, fullNumbers.items[0].json.total]).toEqual([100, 610.45, 710.45]);
	});

	test('update fills client, number and status from the current invoice and keeps the items', async () => {
		const client = await createClient();
		const id = await createInvoice(client);
		const result = await ctx.run({ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', updateFields: { note: 'Thanks' } });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map(({ method, path, rawBody }) => ({ method, path, rawBody }))).toEqual([
			{ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' },
			{
				method: 'PUT',
				path: `/v1/invoice/${id}`,
				rawBody: form([
					['note', 'Thanks'],
					['client', client],
					['invoice_no', 'INV-1'],
					['payment_status', 'Not Paid'],
				]),
			},
		]);
		// the lists Get adds come from the read made before the PUT: no third request
		expect([result.items[0].json.note, result.items[0].json.total, (result.items[0].json.items as unknown[]).length]).toEqual(['Thanks', 710.45, 3]);
		expect([result.items[0].json.payments, result.items[0].json.send_log]).toEqual([[], []]);
	});

	test('update replaces all line items when asked and sends everything it needs in one request, then reads the payments and send log', async () => {
		const client = await createClient();
		const id = await createInvoice(client);
		const result = await ctx.run({
			resource: 'invoice',
			operation: 'update',
			invoiceId: byId(id),
			itemsMode: 'define',
			items: { item: [{ description: 'Flat fee', quantity: 1, rate: 500 }] },
			updateFields: { client: byId(client), invoiceNo: 'INV-1b', paymentStatus: 'Paid' },
		});
		expect(ctx.sent()).toEqual([
			expect.objectContaining({
				method: 'PUT',
				rawBody: form([
					['client', client],
					['invoice_no', 'INV-1b'],
					['payment_status', 'Paid'],
					['items[0][description]', 'Flat fee'],
					['items[0][quantity]', '1'],
					['items[0][rate]', '500'],
				]),
			}),
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' }),
		]);
		expect([result.items[0].json.invoice_no, result.items[0].json.total, result.items[0].json.items, result.items[0].json.payments, result.items[0].json.send_log]).toEqual([
			'INV-1b',
			537.5,
			[{ description: 'Flat fee', quantity: 1, rate: '500.00', amount: '500.00' }],
			[],
			[],
		]);
	});

	test('send posts id and email and outputs success', async () => {
		const id = await createInvoice(await createClient());
		const result = await ctx.run({
			resource: 'invoice',
			operation: 'send',
			invoiceId: byId(id),
			email: 'billing@acme.example',
			phone: '+1 555 0100',
		});
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' }),
			expect.objectContaining({
				method: 'POST',
				path: '/v1/invoice/send',
				encoding: 'form',
				rawBody: form([
					['id', id],
					['email', 'billing@acme.example'],
					['phone', '+1 555 0100'],
				]),
			}),
			// the state after the send: one GET
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' }),
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				success: true,
				id,
				message: 'Invoice was successfully sent.',
				email: 'billing@acme.example',
				email_source: 'node',
				...stateOf(id, { send_log: [{ email: 'billing@acme.example', date: NOW }] }),
			},
		]);
		expect(ctx.sandbox.state().invoices[0].send_log).toEqual([{ email: 'billing@acme.example', date: NOW }]);
	});

	test("send with Email empty sends to the client's e-mail, read with one GET /client/{id}, and says so", async () => {
		const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100', address: '1 Market St' });
		const client = (body.data as IDataObject[])[0].id as string;
		const id = await createInvoice(client);
		const result = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(id) });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map(({ method, path, rawBody }) => ({ method, path, rawBody }))).toEqual([
			{ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' },
			{ method: 'GET', path: `/v1/client/${client}`, rawBody: '' },
			{ method: 'POST', path: '/v1/invoice/send', rawBody: form([['id', id], ['email', 'billing@acme.example']]) },
			{ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' },
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				success: true,
				id,
				message: 'Invoice was successfully sent.',
				email: 'billing@acme.example',
				email_source: 'client',
				...stateOf(id, { send_log: [{ email: 'billing@acme.example', date: NOW }] }),
			},
		]);
	});

	test('send with Email empty and a client without e-mail: an error naming the client, nothing sent', async () => {
		const client = await createClient();
		const id = await createInvoice(client);
		const result = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: '' });
		expect(result.error?.message).toBe(`Send Invoice "INV-1" (item 0): No address to send the invoice "INV-1" to: "Email" is empty and its client "Acme Ltd" (id ${client}) has no e-mail`);
		expect(result.error?.description).toBe(
			'Enter the address in "Email", or give the client an e-mail (the Invoicing node\'s Update of the Client, field Email), then run again.',
		);
		expect(ctx.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /v1/invoice/${id}`, `GET /v1/client/${client}`]);
		expect(ctx.sandbox.state().invoices[0].send_log).toEqual([]);
	});

	test('record payment twice: partial, then the rest makes the invoice Paid', async () => {
		const id = await createInvoice(await createClient());
		const pay = (amountPaid: number, paymentDate: string) =>
			ctx.run({
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: byId(id),
				paymentDate,
				amountPaid,
				paymentFields: { paymentMethod: 'Bank Transfer' },
			});
		const first = await pay(300, '2026-01-20T00:00:00');
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' }),
			expect.objectContaining({
				method: 'POST',
				path: '/v1/invoice/record-payment',
				rawBody: form([
					['id', id],
					['payment_date', '2026-01-20'],
					['amount_paid', '300'],
					['payment_method', 'Bank Transfer'],
				]),
			}),
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}`, rawBody: '' }),
		]);
		expect(first.items.map((i) => i.json)).toEqual([
			{
				success: true,
				id,
				message: 'Invoice payment update was successful.',
				...stateOf(id, {
					amount_paid: 300,
					outstanding_balance: 410.45,
					payments: [{ status: 'success', reference: 'PAY-000003', amount: 300, bank: 'Bank Transfer', created_at: NOW }],
				}),
			},
		]);
		await pay(410.45, '2026-01-25');
		const invoice = ctx.sandbox.state().invoices[0];
		expect([invoice.payment_status, invoice.payments.map((p) => p.amount)]).toEqual(['Paid', [300, 410.45]]);
	});

	test.each([
		['markPaid', '/paid/', 'Paid'],
		['markNotPaid', '/not-paid/', 'Not Paid'],
	])('%s calls GET /invoice%s{id}', async (operation, segment, status) => {
		const id = await createInvoice(await createClient());
		if (status === 'Not Paid') await ctx.api('GET', `/invoice/paid/${id}`);
		const result = await ctx.run({ resource: 'invoice', operation, invoiceId: byId(id) });
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/v1/invoice${segment}${id}` }),
			expect.objectContaining({ method: 'GET', path: `/v1/invoice/${id}` }),
		]);
		expect(result.items.map((i) => i.json)).toEqual([{ success: true, id, message: 'Invoice update was successful.', ...stateOf(id, { payment_status: status }) }]);
		expect(ctx.sandbox.state().invoices[0].payment_status).toBe(status);
	});

	test('delete outputs deleted and the id', async () => {
		const id = await createInvoice(await createClient());
		const result = await ctx.run({ resource: 'invoice', operation: 'delete', invoiceId: byId(id) });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/v1/invoice/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([{ deleted: true, id }]);
	});

	test('get many filters by payment status, client and date ranges, then limits', async () => {
		const a = await createClient();
		const b = await createClient();
		await createInvoice(a, 'A-1');
		const paid = await createInvoice(b, 'B-1');
		await createInvoice(b, 'B-2');
		await ctx.api('GET', `/invoice/paid/${paid}`);
		const run = (filters: INodeParameters, limit?: number) =>
			ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: limit === undefined, limit, filters });
		const numbers = async (filters: INodeParameters, limit?: number) => (await run(filters, limit)).items.map((i) => i.json.invoice_no);
		expect(await numbers({})).toEqual(['A-1', 'B-1', 'B-2']);
		expect(await numbers({ paymentStatus: 'Not Paid' })).toEqual(['A-1', 'B-2']);
		expect(await numbers({ client: b })).toEqual(['B-1', 'B-2']);
		expect(await numbers({ client: b, paymentStatus: 'Not Paid' })).toEqual(['B-2']);
		expect(await numbers({ dueDateFrom: '2026-02-14', dueDateTo: '2026-02-14T00:00:00' })).toEqual(['A-1', 'B-1', 'B-2']);
		expect(await numbers({ issueDateFrom: '2026-01-16' })).toEqual([]);
		expect(await numbers({ issueDateTo: TODAY }, 2)).toEqual(['A-1', 'B-1']);
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/invoice/all' })]);
	});
});
