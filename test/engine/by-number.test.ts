import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { bulkBook } from '../../tools/sandbox';
import { byEmail, byId, byNumber, useEngineFixture } from './fixture';

/**
 * By Number / By E-mail: the node finds the id from an invoice or estimate number or a client's e-mail, with
 * one list read per run shared by all its items, and then does exactly what By ID does.
 */
const ctx = useEngineFixture();

const ACME = 'billing@acme.example';
const BETA = 'ap@beta.example';

async function newClient(names: string, email: string): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names, email });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(client: string, invoiceNo: string, rate = 100): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: invoiceNo, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

async function newEstimate(client: string, estimateNo: string): Promise<string> {
	const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: estimateNo, items: [{ description: 'Work', quantity: 2, rate: 50 }] });
	return (body.estimate as IDataObject[])[0].id as string;
}

interface Book {
	acme: string;
	beta: string;
	/** Invoice id by number. */
	invoices: Record<string, string>;
}

/** Two clients; `count` invoices INV-1000... of Acme, and `others` of Beta (B-0...) the lookups must not be confused by. */
async function book(count: number, others = 50): Promise<Book> {
	const acme = await newClient('Acme Ltd', ACME);
	const beta = await newClient('Beta', BETA);
	const invoices: Record<string, string> = {};
	for (let i = 0; i < count; i++) invoices[`INV-${1000 + i}`] = await newInvoice(acme, `INV-${1000 + i}`);
	for (let i = 0; i < others; i++) await newInvoice(beta, `B-${i}`);
	return { acme, beta, invoices };
}

const jsons = (items: INodeExecutionData[]) => items.map((item) => item.json);
const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}${r.rawBody ? ` ${r.rawBody}` : ''}`);
const sortedRequests = () => requests().sort();

const recordPayment = (invoiceId: INodeParameters[string]): INodeParameters => ({
	resource: 'invoice',
	operation: 'recordPayment',
	invoiceId,
	paymentDate: '2026-01-15',
	amountPaid: '={{ $json.amount }}',
	paymentFields: { paymentMethod: 'Bank Transfer' },
});

describe('By Number: one list read per run, then exactly what By ID does', () => {
	test('Record Payment, 100 items over a 2,000-invoice book: one GET /invoice/all for the run, the same requests and items as By ID', async () => {
		// the same book for both runs, loaded at once: invoices SEED-1... spread over 20 clients
		const load = () => ctx.sandbox.load(bulkBook({ clients: 20, invoices: 2000 }, '2026-01-15 10:00:00', () => 'Not Paid'));
		load();
		const idOf = new Map(ctx.sandbox.state().invoices.map((invoice) => [invoice.invoice_no, invoice.id]));
		const numbers = Array.from({ length: 100 }, (_, i) => `SEED-${i * 19 + 1}`);
		const byIdRun = await ctx.run(recordPayment(byId('={{ $json.id }}')), { items: numbers.map((number) => ({ id: idOf.get(number), amount: 40 })) });
		expect(byIdRun.error).toBeUndefined();
		const byIdRequests = sortedRequests();
		expect(byIdRequests.filter((r) => r.startsWith('POST'))).toHaveLength(100);

		load();
		const byNumberRun = await ctx.run(recordPayment(byNumber('={{ $json.number }}')), { items: numbers.map((number) => ({ number, amount: 40 })) });
		expect(byNumberRun.error).toBeUndefined();
		expect(jsons(byNumberRun.items)).toEqual(jsons(byIdRun.items));
		expect(byNumberRun.items[0].json).toEqual(expect.objectContaining({ id: idOf.get('SEED-1'), invoice_no: 'SEED-1', amount_paid: 40 }));
		// the first request is the run's one lookup; everything after it is what By ID sends
		expect(requests()[0]).toBe('GET /v1/invoice/all');
		expect(sortedRequests()).toEqual(['GET /v1/invoice/all', ...byIdRequests].sort());
	}, 120_000);

	test('Get, Send, Mark as Paid / Not Paid, Update and Delete By Number give By ID\'s items', async () => {
		const cases: INodeParameters[] = [
			{ operation: 'get' },
			{ operation: 'get', simplify: false },
			{ operation: 'send', email: 'someone@example.com' },
			{ operation: 'markPaid' },
			{ operation: 'markNotPaid' },
			{ operation: 'update', itemsMode: 'keep', updateFields: { note: 'Thanks' } },
		];
		for (const parameters of cases) {
			// each run on the same fresh book (same ids): a send or a mark changes the invoice
			ctx.sandbox.reset({});
			const { invoices } = await book(3, 2);
			const viaId = await ctx.run({ resource: 'invoice', ...parameters, invoiceId: byId(invoices['INV-1001']) });
			const idRequests = requests();
			ctx.sandbox.reset({});
			await book(3, 2);
			const viaNumber = await ctx.run({ resource: 'invoice', ...parameters, invoiceId: byNumber('INV-1001') });
			expect([parameters.operation, viaNumber.error?.message]).toEqual([parameters.operation, undefined]);
			expect(jsons(viaNumber.items)).toEqual(jsons(viaId.items));
			expect(requests()).toEqual(['GET /v1/invoice/all', ...idRequests]);
		}
		ctx.sandbox.reset({});
		const { invoices } = await book(0).then(async (data) => ({ ...data, invoices: { 'INV-1002': await newInvoice(data.acme, 'INV-1002') } }));
		const deleted = await ctx.run({ resource: 'invoice', operation: 'delete', invoiceId: byNumber('INV-1002') });
		expect(jsons(deleted.items)).toEqual([{ deleted: true, id: invoices['INV-1002'] }]);
		expect(requests()).toEqual(['GET /v1/invoice/all', `DELETE /v1/invoice/${invoices['INV-1002']}`]);
	}, 120_000);

	test('an estimate By Number (its number is reference_no in lists): Get and Send', async () => {
		const acme = await newClient('Acme Ltd', ACME);
		await newEstimate(acme, 'EST-1');
		const id = await newEstimate(acme, 'EST-2');
		const viaId = await ctx.run({ resource: 'estimate', operation: 'get', estimateId: byId(id) });
		const viaNumber = await ctx.run({ resource: 'estimate', operation: 'get', estimateId: byNumber(' EST-2 ') });
		expect(jsons(viaNumber.items)).toEqual(jsons(viaId.items));
		expect(requests()).toEqual(['GET /v1/estimate/all', `GET /v1/estimate/${id}`]);
		const sent = await ctx.run({ resource: 'estimate', operation: 'send', estimateId: byNumber('EST-2') });
		expect(sent.items[0].json).toEqual(expect.objectContaining({ success: true, id, email: ACME, email_source: 'client' }));
	});

	test('trimmed, exact: spaces around the number are ignored, case is not (INV-1001 is not inv-1001)', async () => {
		const data = await book(2);
		const result = await ctx.run(recordPayment(byNumber('={{ $json.number }}')), {
			items: [{ number: '  INV-1001\t', amount: 10 }, { number: 'inv-1001', amount: 10 }],
			continueOnFail: true,
		});
		expect(result.items[0].json).toEqual(expect.objectContaining({ id: data.invoices['INV-1001'], amount_paid: 10 }));
		expect(result.items[1].json.error).toBe('Record Payment Invoice "inv-1001" (item 1): No invoice has the number "inv-1001"');
	});

	test('not found: the number, the operation and the row named, nothing sent for it; Continue On Fail keeps the others', async () => {
		const data = await book(2);
		const result = await ctx.run(recordPayment(byNumber('={{ $json.number }}')), {
			items: [{ number: 'INV-1000', amount: 5 }, { number: 'INV-1001', amount: 5 }, { number: 'INV-9', amount: 5 }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.invoice_no ?? null)).toEqual(['INV-1000', 'INV-1001', null]);
		expect(result.items[2].error?.message).toBe('Record Payment Invoice "INV-9" (item 2): No invoice has the number "INV-9"');
		expect(result.items[2].error?.description).toBe(
			'Nothing was sent for this item. The Number mode matches the number exactly (spaces around it ignored): check it, or pick the invoice from the list.',
		);
		const posts = ctx.sent().filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.rawBody)).toEqual([expect.stringContaining(`id=${data.invoices['INV-1000']}`), expect.stringContaining(`id=${data.invoices['INV-1001']}`)]);
		expect(requests().filter((r) => r.includes('/invoice/all'))).toHaveLength(1);
	});

	test('without Continue On Fail the run stops with that message', async () => {
		await book(1);
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byNumber('INV-404') });
		expect(result.error?.message).toBe('Get Invoice "INV-404" (item 0): No invoice has the number "INV-404"');
		expect(requests()).toEqual(['GET /v1/invoice/all']);
	});

	test('two invoices with that number: an error naming both (id, client), never a guess; nothing sent', async () => {
		const data = await book(1);
		const second = await newInvoice(data.beta, 'INV-1000');
		const result = await ctx.run(recordPayment(byNumber('INV-1000')), { items: [{ amount: 5 }] });
		expect(result.error?.message).toBe(
			`Record Payment Invoice "INV-1000" (item 0): 2 invoices have the number "INV-1000": id ${data.invoices['INV-1000']} (client "Acme Ltd", id ${data.acme}) and id ${second} (client "Beta", id ${data.beta})`,
		);
		expect(result.error?.description).toBe('Nothing was sent for this item. The node never guesses which one you mean: pick the record from the list or give its ID.');
		expect(requests()).toEqual(['GET /v1/invoice/all']);
	});

	test('an empty number is refused before anything is sent', async () => {
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byNumber('={{ $json.number }}') }, { items: [{ number: '  ' }] });
		expect(result.error?.message).toBe('Get Invoice (item 0): "Invoice" is empty: enter the invoice number.');
		expect(requests()).toEqual([]);
	});

	test('as an AI agent tool parameter: $fromAI gives the plain number the agent passed', async () => {
		const data = await book(3);
		const parameters = {
			resource: 'invoice',
			operation: 'get',
			invoiceId: byNumber("={{ $fromAI('invoice_number', 'The invoice number, e.g. INV-1002', 'string') }}"),
		};
		const result = await ctx.run(parameters, { items: [{ query: { invoice_number: 'INV-1002' } }] });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.id, i.json.invoice_no])).toEqual([[data.invoices['INV-1002'], 'INV-1002']]);
	});

	test('By ID given an invoice number: the 404 points to By Number', async () => {
		await book(3);
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId('INV-1002') });
		expect(result.error?.message).toBe('Get Invoice "INV-1002" (item 0) failed (HTTP 404): Invoice with id "INV-1002" was not found.');
		expect(result.error?.description).toBe(
			'No record has this ID: "INV-1002" looks like an invoice number, not an ID. Switch "Invoice" to the Number mode to give the number as it is, or pick the record from the list.',
		);
		// Record Payment's guard reads the invoice first: the same hint there
		const paid = await ctx.run(recordPayment(byId('INV-1002')), { items: [{ amount: 5 }] });
		expect(paid.error?.description).toContain('"INV-1002" looks like an invoice number, not an ID. Switch "Invoice" to the Number mode');
		// an id-shaped value keeps the usual hint
		const unknown = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId('1999999999999999') });
		expect(unknown.error?.description).toBe('No record has this ID: pick the record from the list, or check that it was not deleted.');
	});
});

describe('By E-mail: a client by its e-mail, without case', () => {
	const createInvoice = (client: INodeParameters[string], extra: INodeParameters = {}): INodeParameters => ({
		resource: 'invoice',
		operation: 'create',
		client,
		invoiceNo: '={{ $json.number }}',
		paymentStatus: 'Not Paid',
		itemsMode: 'define',
		items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
		...extra,
	});

	test('Create Invoice, 100 items for one client By E-mail: one GET /client/all and one GET /invoice/all for the run, and a few looks after the creates', async () => {
		const data = await book(2);
		const rows = Array.from({ length: 100 }, (_, i) => ({ number: `N-${i}` }));
		const result = await ctx.run(createInvoice(byEmail(' Billing@ACME.example ')), { items: rows });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.customer_id, i.json.action])).toEqual(rows.map(() => [data.acme, 'created']));
		const reads = ctx.sent().filter((r) => r.method === 'GET').map((r) => r.path);
		expect(reads.slice(0, 2)).toEqual(['/v1/client/all', '/v1/invoice/all']);
		// then the looks after the creates (after-create): one read serves every item answered before it started
		const looks = reads.slice(2);
		expect(looks.length).toBeGreaterThanOrEqual(1);
		expect(looks.length).toBeLessThanOrEqual(25);
		expect(new Set(looks)).toEqual(new Set([`/v1/client/${data.acme}`]));
		expect(ctx.sent().filter((r) => r.method === 'POST').every((r) => r.rawBody?.startsWith(`client=${data.acme}&`))).toBe(true);
	}, 120_000);

	test('Create Invoice By E-mail gives By ID\'s item; a re-run finds the invoice it created (existing)', async () => {
		const data = await book(0);
		const viaEmail = await ctx.run(createInvoice(byEmail(ACME)), { items: [{ number: 'E-1' }] });
		expect(viaEmail.items[0].json).toEqual(expect.objectContaining({ customer_id: data.acme, invoice_no: 'E-1', action: 'created' }));
		const again = await ctx.run(createInvoice(byEmail(ACME)), { items: [{ number: 'E-1' }] });
		const viaId = await ctx.run(createInvoice(byId(data.acme)), { items: [{ number: 'E-1' }] });
		expect(jsons(again.items)).toEqual(jsons(viaId.items));
		expect(again.items[0].json.action).toBe('existing');
	});

	test('Create or Update an estimate for a client By E-mail: matched on its number among that client\'s estimates', async () => {
		const data = await book(0);
		const id = await newEstimate(data.beta, 'EST-7');
		const result = await ctx.run({
			resource: 'estimate',
			operation: 'upsert',
			client: byEmail(BETA),
			estimateNo: 'EST-7',
			itemsMode: 'define',
			items: { item: [{ description: 'More work', quantity: 1, rate: 300 }] },
		});
		expect(result.items[0].json).toEqual(expect.objectContaining({ id, estimate_no: 'EST-7', customer_id: data.beta, total: 300, action: 'updated' }));
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/client/all', 'GET /v1/estimate/all', `PUT /v1/estimate/${id}`, `GET /v1/estimate/${id}`]);
	});

	test('Get, Update and Delete Client By E-mail give By ID\'s items', async () => {
		const data = await book(0);
		for (const parameters of [{ operation: 'get' }, { operation: 'update', updateFields: { phone: '555' } }] as INodeParameters[]) {
			const viaId = await ctx.run({ resource: 'client', ...parameters, clientId: byId(data.beta) });
			const viaEmail = await ctx.run({ resource: 'client', ...parameters, clientId: byEmail('AP@beta.example') });
			expect(jsons(viaEmail.items)).toEqual(jsons(viaId.items));
		}
		const deleted = await ctx.run({ resource: 'client', operation: 'delete', clientId: byEmail(BETA) });
		expect(jsons(deleted.items)).toEqual([{ deleted: true, id: data.beta }]);
		expect(requests()).toEqual(['GET /v1/client/all', `DELETE /v1/client/${data.beta}`]);
	});

	test('Update Invoice By Number moving it to a client By E-mail', async () => {
		const data = await book(2);
		const result = await ctx.run({
			resource: 'invoice',
			operation: 'update',
			invoiceId: byNumber('INV-1001'),
			itemsMode: 'keep',
			updateFields: { client: byEmail(BETA) },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual(expect.objectContaining({ id: data.invoices['INV-1001'], customer_id: data.beta }));
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v1/invoice/all',
			'GET /v1/client/all',
			`GET /v1/invoice/${data.invoices['INV-1001']}`,
			`PUT /v1/invoice/${data.invoices['INV-1001']}`,
		]);
	});

	test('an unknown e-mail fails the item before anything is written; two clients with it are named', async () => {
		const data = await book(0);
		const unknown = await ctx.run(createInvoice(byEmail('nobody@example.com')), { items: [{ number: 'X-1' }] });
		expect(unknown.error?.message).toBe('Create Invoice "X-1" (item 0): No client has the e-mail "nobody@example.com"');
		expect(unknown.error?.description).toBe(
			'Nothing was sent for this item. The E-mail mode matches the e-mail exactly (spaces around it ignored, without case): check it, or pick the client from the list.',
		);
		expect(requests()).toEqual(['GET /v1/client/all']);
		const twin = await newClient('Acme Inc', 'BILLING@acme.example');
		const twice = await ctx.run({ resource: 'client', operation: 'get', clientId: byEmail(ACME) });
		expect(twice.error?.message).toBe(`Get Client "${ACME}" (item 0): 2 clients have the e-mail "${ACME}": id ${data.acme} ("Acme Ltd") and id ${twin} ("Acme Inc")`);
	});

	test('By ID given an e-mail: the 404 points to By E-mail when a client has that e-mail (issue 45: only then)', async () => {
		const none = await ctx.run({ resource: 'client', operation: 'get', clientId: byId(ACME) });
		expect(none.error?.description).toBe('No record has this ID: pick the record from the list, or check that it was not deleted.');
		await newClient('Acme Ltd', ACME);
		const result = await ctx.run({ resource: 'client', operation: 'get', clientId: byId(ACME) });
		expect(result.error?.description).toBe(
			`No record has this ID: "${ACME}" looks like an e-mail address, not an ID. Switch "Client" to the E-mail mode to give the e-mail as it is, or pick the record from the list.`,
		);
		// the look for the e-mail is made after the 404 only
		expect(requests()).toEqual([`GET /v1/client/${encodeURIComponent(ACME)}`, 'GET /v1/client/all']);
	});
});

describe('Get Many filters: Invoice Number, Estimate Number, Email, and the Client filter By E-mail', () => {
	test('invoices of a client By E-mail with one number: the client resolved before the list is read', async () => {
		const data = await book(3);
		await newInvoice(data.beta, 'INV-1001');
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { client: byEmail(' billing@acme.EXAMPLE'), invoiceNo: ' INV-1001 ' } });
		expect(result.items.map((i) => [i.json.id, i.json.customer_id])).toEqual([[data.invoices['INV-1001'], data.acme]]);
		expect(requests()).toEqual(['GET /v1/client/all', 'GET /v1/invoice/all']);
		const viaId = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { client: byId(data.acme), invoiceNo: 'INV-1001' } });
		expect(jsons(viaId.items)).toEqual(jsons(result.items));
		expect(requests()).toEqual(['GET /v1/invoice/all']);
	});

	test('the number filter is exact: INV-100 is not INV-1000', async () => {
		await book(3);
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { invoiceNo: 'INV-100' } });
		expect(result.items).toEqual([]);
	});

	test('an unknown client e-mail in the filter is an error, not an empty list', async () => {
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', filters: { client: byEmail('nobody@example.com') } });
		expect(result.error?.message).toBe('Get Many Invoices (item 0): No client has the e-mail "nobody@example.com"');
		expect(requests()).toEqual(['GET /v1/client/all']);
	});

	test('estimates by Estimate Number and client By E-mail', async () => {
		const data = await book(0);
		const id = await newEstimate(data.acme, 'EST-5');
		await newEstimate(data.beta, 'EST-5');
		await newEstimate(data.acme, 'EST-6');
		const result = await ctx.run({ resource: 'estimate', operation: 'getAll', returnAll: true, filters: { estimateNo: 'EST-5', client: byEmail(ACME) } });
		expect(result.items.map((i) => [i.json.id, i.json.estimate_no, i.json.reference_no])).toEqual([[id, 'EST-5', 'EST-5']]);
	});

	test('clients by Email: exact, without case (Search matches parts)', async () => {
		const data = await book(0);
		await newClient('Acme Billing Desk', 'desk.billing@acme.example');
		const result = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, filters: { email: ' BILLING@acme.example ' } });
		expect(result.items.map((i) => i.json.id)).toEqual([data.acme]);
		const search = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, filters: { search: 'billing@acme' } });
		expect(search.items).toHaveLength(2);
	});
});
