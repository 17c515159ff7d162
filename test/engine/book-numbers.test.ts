import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';

/**
 * One book, one number (issue 34, item 6): by default a guarded create looks its number up in the whole list
 * of the kind, read once per run and shared by its items, and a number another client's document holds is
 * refused before anything is written. On 2b80f53 the guard saw only the client's documents and wrote a second
 * INV-0009.
 */
const ctx = useEngineFixture();

const newClient = (names: string) => addClient(ctx, names);
const newInvoice = (client: string, invoiceNo: string) => addInvoice(ctx, client, invoiceNo);

const createInvoice = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId('={{ $json.clientId }}'),
	invoiceNo: '={{ $json.invoiceNo }}',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
	...extra,
});

const calls = () => ctx.sent().map((r) => `${r.method} ${r.path}`);

describe('numbers are unique in the whole book by default', () => {
	test("Create Invoice INV-0009 for Initech while Acme's INV-0009 exists: refused before writing, naming Acme's invoice and Acme", async () => {
		const acme = await newClient('Acme');
		const initech = await newClient('Initech');
		const held = await newInvoice(acme, 'INV-0009');
		const result = await ctx.run(createInvoice(), { items: [{ clientId: initech, invoiceNo: 'INV-0009' }], continueOnFail: true });
		expect(result.items[0].json.error).toBe(
			`Create Invoice "INV-0009" (item 0): The invoice number "INV-0009" is already used by the invoice "INV-0009" (id ${held}) of another client "Acme" (id ${acme}): not written`,
		);
		expect(calls()).toEqual(['GET /v1/invoice/all']);
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
	});

	test('Create or Update never moves another client\'s estimate: refused the same way', async () => {
		const acme = await newClient('Acme');
		const initech = await newClient('Initech');
		const body = await ctx.api('POST', '/estimate/add', { client: acme, estimate_no: 'EST-1', items: [{ description: 'Audit', quantity: 1, rate: 900 }] });
		const held = (body.estimate as IDataObject[])[0].id as string;
		const result = await ctx.run(
			{ resource: 'estimate', operation: 'upsert', client: byId(initech), estimateNo: 'EST-1', itemsMode: 'define', items: { item: [{ description: 'Audit', quantity: 1, rate: 950 }] } },
			{ continueOnFail: true },
		);
		expect(result.items[0].json.error).toBe(
			`Create or Update Estimate "EST-1" (item 0): The estimate number "EST-1" is already used by the estimate "EST-1" (id ${held}) of another client "Acme" (id ${acme}): not written`,
		);
		expect(calls()).toEqual(['GET /v1/estimate/all']);
	});

	test('one list read for a run of 30 rows over 3 clients, shared by its items; a re-run finds all 30', async () => {
		const clients = [await newClient('A'), await newClient('B'), await newClient('C')];
		const rows = Array.from({ length: 30 }, (_, i) => ({ clientId: clients[i % 3], invoiceNo: `INV-${1000 + i}` }));
		const first = await ctx.run(createInvoice(), { items: rows });
		expect(first.items.map((i) => i.json.action)).toEqual(rows.map(() => 'created'));
		const listReads = calls().filter((c) => c === 'GET /v1/invoice/all');
		expect(listReads).toHaveLength(1);
		const again = await ctx.run(createInvoice(), { items: rows });
		expect(again.items.map((i) => i.json.action)).toEqual(rows.map(() => 'existing'));
		expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
		expect(calls().filter((c) => c === 'GET /v1/invoice/all')).toHaveLength(1);
	});

	test('"Each Client" keeps the per-client check: the same number under another client is created', async () => {
		const acme = await newClient('Acme');
		const initech = await newClient('Initech');
		await newInvoice(acme, 'INV-0009');
		const result = await ctx.run(createInvoice({ guardOptions: { numberScope: 'eachClient' } }), { items: [{ clientId: initech, invoiceNo: 'INV-0009' }] });
		expect(result.items[0].json.action).toBe('created');
		expect(calls()[0]).toBe(`GET /v1/client/${initech}`);
		expect(ctx.sandbox.state().invoices.map((i) => i.invoice_no)).toEqual(['INV-0009', 'INV-0009']);
	});
});
