import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { todayIn } from '../../nodes/shared/dates';
import { addDays } from '../../nodes/Invoicing/helpers/guards/writes/from-estimate';
import { byId, form, useEngineFixture } from './fixture';

/**
 * Version 2 of the node against version 1, each run as n8n runs a node of that version (its parameters filled
 * with that version's defaults): Currency a field of its own, the INV- / EST- prefixes, one due-date default,
 * amounts as numbers. Version 1's runs are those of every workflow saved before version 2.
 */
const ctx = useEngineFixture();
const TODAY = todayIn('UTC');

async function clientId(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	return (body.data as IDataObject[])[0].id as string;
}

const LINE = { description: 'Design', quantity: 2, rate: 150.5 };

const create = (resource: string, client: string, extra: INodeParameters = {}): INodeParameters => ({
	resource,
	operation: 'create',
	client: byId(client),
	...(resource === 'invoice' ? { invoiceNo: 'INV-1', paymentStatus: 'Not Paid' } : { estimateNo: 'EST-1' }),
	itemsMode: 'define',
	items: { item: [LINE] },
	...extra,
});

const line = (): Array<[string, string]> => [
	['items[0][description]', 'Design'],
	['items[0][quantity]', '2'],
	['items[0][rate]', '150.5'],
];
const posted = () => ctx.sent().filter((r) => r.method === 'POST').map((r) => r.rawBody);

describe('Currency: a required field of version 2 creates, under Additional Fields in version 1', () => {
	test('version 2 sends the Currency given, as a required field (lower case is sent in capitals)', async () => {
		const client = await clientId();
		const result = await ctx.run(create('invoice', client, { currencyCode: 'gbp' }), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(posted()).toEqual([form([['client', client], ['invoice_no', 'INV-1'], ['payment_status', 'Not Paid'], ['currency', 'GBP'], ...line()])]);
		expect(result.items[0].json.currency).toBe('GBP');
	});

	test('version 2 Create with Currency left empty is refused by n8n before anything is sent, the field named', async () => {
		const result = await ctx.run(create('invoice', await clientId()), { typeVersion: 2 });
		expect(result.error?.message).toContain('Parameter "Currency" is required.');
		expect(ctx.sent()).toEqual([]);
	});

	test.each([
		['invoice', 'create'],
		['invoice', 'upsert'],
		['estimate', 'create'],
		['estimate', 'upsert'],
	])('version 2 %s %s with no Currency is refused, nothing written: no service default behind the user\'s back', async (resource, operation) => {
		const client = await clientId();
		const result = await ctx.run({ ...create(resource, client), operation, currencyCode: '={{ $json.currency }}' }, { typeVersion: 2, items: [{ currency: '' }] });
		expect(result.error?.message).toContain('"Currency" is required: enter a value.');
		expect(posted()).toEqual([]);
	});

	test('version 2 estimate Create or Update sends its Currency', async () => {
		const client = await clientId();
		const result = await ctx.run({ ...create('estimate', client), operation: 'upsert', currencyCode: 'EUR' }, { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(posted()).toEqual([form([['client', client], ['estimate_no', 'EST-1'], ['currency', 'EUR'], ...line()])]);
	});

	test('version 1 sends no currency unless Additional Fields has one (the service decides), as before', async () => {
		const client = await clientId();
		await ctx.run(create('invoice', client));
		await ctx.run(create('invoice', client, { invoiceNo: 'INV-2', additionalFields: { currency: 'GBP' } }));
		expect(posted()).toEqual([form([['client', client], ['invoice_no', 'INV-2'], ['payment_status', 'Not Paid'], ['currency', 'GBP'], ...line()])]);
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.currency)).toEqual(['USD', 'GBP']);
	});
});

describe('Number Prefix: INV- and EST- in version 2, none in version 1', () => {
	test.each([
		['invoice', 'INV-0001'],
		['estimate', 'EST-0001'],
	])('version 2 %s with Next in Sequence and no prefix set numbers %s', async (resource, first) => {
		const client = await clientId();
		const parameters = { ...create(resource, client, { currencyCode: 'USD' }), numbering: 'next', invoiceNo: undefined, estimateNo: undefined };
		const result = await ctx.run(JSON.parse(JSON.stringify(parameters)) as INodeParameters, { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json[resource === 'invoice' ? 'invoice_no' : 'estimate_no']).toBe(first);
	});

	test('version 1 with Next in Sequence and no prefix set is refused, as before', async () => {
		const client = await clientId();
		const result = await ctx.run({ resource: 'invoice', operation: 'create', numbering: 'next', client: byId(client), paymentStatus: 'Not Paid', itemsMode: 'define', items: { item: [LINE] } });
		expect(result.error?.message).toContain('"Number Prefix" is required with Numbering "Next in Sequence"');
		expect(posted()).toEqual([]);
	});
});

describe('Due date: due on the issue date when not set, in version 2 for Create From Estimate too', () => {
	async function estimateId(client: string): Promise<string> {
		const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-9', currency: 'GBP', items: [LINE] });
		return (body.estimate as IDataObject[])[0].id as string;
	}
	const fromEstimate = (estimate: string): INodeParameters => ({ resource: 'invoice', operation: 'createFromEstimate', fromEstimate: byId(estimate), invoiceNo: 'INV-9' });

	test('version 2 Create From Estimate with no Due Date: due on the issue date (Payment Terms 0)', async () => {
		const result = await ctx.run(fromEstimate(await estimateId(await clientId())), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(posted()[0]).toContain(`issue_date=${TODAY}&due_date=${TODAY}&`);
		expect([result.items[0].json.issue_date, result.items[0].json.due_date]).toEqual([TODAY, TODAY]);
	});

	test('version 1 Create From Estimate with no Due Date: due in 30 days, as before', async () => {
		const result = await ctx.run(fromEstimate(await estimateId(await clientId())));
		expect(posted()[0]).toContain(`issue_date=${TODAY}&due_date=${addDays(TODAY, 30)}&`);
		expect(result.items[0].json.due_date).toBe(addDays(TODAY, 30));
	});

	test.each([1, 2])('version %i Create with an Issue Date and no Due Date: due on the issue date', async (typeVersion) => {
		const client = await clientId();
		const result = await ctx.run(create('invoice', client, { currencyCode: 'USD', additionalFields: { issueDate: '2026-01-10' } }), { typeVersion });
		expect(posted()[0]).not.toContain('due_date');
		expect([result.items[0].json.issue_date, result.items[0].json.due_date]).toEqual(['2026-01-10', '2026-01-10']);
	});
});

describe('Amounts: numbers on every output of version 2, the service\'s text in version 1', () => {
	const AMOUNTS = ['total', 'sub_total', 'tax_amount', 'amount_paid', 'outstanding_balance'];
	const amountsOf = (json: IDataObject) => Object.fromEntries(AMOUNTS.map((field) => [field, json[field]]));

	test('version 2 Create and Get give every amount as a number: the invoice\'s, its line items\', its payments\'', async () => {
		const client = await clientId();
		const created = await ctx.run(create('invoice', client, { currencyCode: 'USD' }), { typeVersion: 2 });
		expect(amountsOf(created.items[0].json)).toEqual({ total: 301, sub_total: 301, tax_amount: 0, amount_paid: 0, outstanding_balance: 301 });
		const id = String(created.items[0].json.id);
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-01-20', amount_paid: 100.5 });
		const got = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id), simplify: false }, { typeVersion: 2 });
		const json = got.items[0].json;
		expect(amountsOf(json)).toEqual({ total: 301, sub_total: 301, tax_amount: 0, amount_paid: 100.5, outstanding_balance: 200.5 });
		expect(json.items).toEqual([expect.objectContaining({ rate: 150.5, amount: 301 })]);
		expect((json.payments as IDataObject[]).map((payment) => payment.amount)).toEqual([100.5]);
	});

	test("version 2 Get of a client lists its invoices' amounts as numbers; an expense's amount is a number", async () => {
		const client = await clientId();
		await ctx.run(create('invoice', client, { currencyCode: 'USD' }), { typeVersion: 2 });
		const got = await ctx.run({ resource: 'client', operation: 'get', clientId: byId(client) }, { typeVersion: 2 });
		expect(((got.items[0].json.invoices as IDataObject[]) ?? []).map((invoice) => invoice.total)).toEqual([301]);
		const expense = await ctx.run(
			{ resource: 'expense', operation: 'create', description: 'Train', issueDate: '2026-01-10', amount: 86.4, currency: 'GBP' },
			{ typeVersion: 2 },
		);
		expect(expense.items[0].json.amount).toBe(86.4);
	});

	test('version 1 Get keeps the service\'s text unless Amounts as Numbers is on, as before', async () => {
		const client = await clientId();
		const created = await ctx.run(create('invoice', client));
		expect(amountsOf(created.items[0].json)).toEqual({ total: 301, sub_total: 301, tax_amount: 0, amount_paid: '0.00', outstanding_balance: '301.00' });
		const id = String(created.items[0].json.id);
		const got = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id), simplify: false });
		expect(got.items[0].json.items).toEqual([expect.objectContaining({ rate: '150.50', amount: '301.00' })]);
		const asked = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id), amountsAsNumbers: true });
		expect(amountsOf(asked.items[0].json)).toEqual(expect.objectContaining({ amount_paid: 0, outstanding_balance: 301 }));
	});
});
