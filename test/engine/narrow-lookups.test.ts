import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MAX_CLIENT_READS } from '../../nodes/Invoicing/helpers/guards/looks/documents-lookup';
import { byId, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

const createInvoice = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId('={{ $json.clientId }}'),
	invoiceNo: '={{ $json.invoiceNo }}',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
	guardOptions: { numberScope: 'eachClient' },
	...extra,
});

async function newClient(names: string): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(client: string, invoiceNo: string): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: invoiceNo, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((item) => item.json);
const reads = () => ctx.sent().filter((r) => r.method === 'GET').map((r) => r.path);

describe('with Numbers Unique Within "Each Client", the guard of Create looks up only the client\'s documents', () => {
	test('one GET /client/{id} per distinct client in the run, shared by its items; never the whole list', async () => {
		const [a, b] = [await newClient('A'), await newClient('B')];
		const existing = await newInvoice(a, 'A-1');
		for (let i = 0; i < 50; i++) await newInvoice(b, `B-OLD-${i}`);
		const rows = [
			{ clientId: a, invoiceNo: 'A-1' },
			{ clientId: b, invoiceNo: 'B-1' },
			{ clientId: a, invoiceNo: 'A-2' },
			{ clientId: b, invoiceNo: 'B-2' },
		];
		const result = await ctx.run(createInvoice(), { items: rows });
		expect(result.error).toBeUndefined();
		expect(jsons(result).map((i) => [i.invoice_no, i.action])).toEqual([
			['A-1', 'existing'],
			['B-1', 'created'],
			['A-2', 'created'],
			['B-2', 'created'],
		]);
		// each client's documents read once for the run; after the creates, each client's looked at again (after-create):
		// once for A-2, once or twice for B-1 and B-2 (twice when the second answer came while the first look was in flight)
		const counted = (path: string) => reads().filter((r) => r === path).length;
		expect([...new Set(reads())].sort()).toEqual([`/v1/client/${a}`, `/v1/client/${b}`, `/v1/invoice/${existing}`].sort());
		expect([counted(`/v1/client/${a}`), counted(`/v1/invoice/${existing}`)]).toEqual([2, 1]);
		expect([2, 3]).toContain(counted(`/v1/client/${b}`));
		expect(ctx.sent().filter((r) => r.method === 'POST')).toHaveLength(3);
	});

	test(`a run touching more than ${MAX_CLIENT_READS} clients reads the whole list once instead, with the same matches`, async () => {
		const clients: string[] = [];
		for (let i = 0; i <= MAX_CLIENT_READS; i++) clients.push(await newClient(`C${i}`));
		const existing = await newInvoice(clients[3], 'N-3');
		// the same number under another client is not this client's invoice
		await newInvoice(clients[4], 'N-5');
		const rows = clients.map((clientId, i) => ({ clientId, invoiceNo: `N-${i}` }));
		const result = await ctx.run(createInvoice(), { items: rows });
		expect(result.error).toBeUndefined();
		expect(jsons(result).map((i) => i.action)).toEqual(rows.map((_, i) => (i === 3 ? 'existing' : 'created')));
		// the looks after the creates read the same whole list (after-create), shared by the items answered before each began
		const looks = reads().filter((r) => r === '/v1/invoice/all').length - 1;
		expect(reads().filter((r) => r !== '/v1/invoice/all')).toEqual([`/v1/invoice/${existing}`]);
		expect(reads()[0]).toBe('/v1/invoice/all');
		expect(looks).toBeGreaterThanOrEqual(1);
		expect(looks).toBeLessThanOrEqual(MAX_CLIENT_READS);
		expect(ctx.sandbox.state().invoices).toHaveLength(rows.length + 1);
	});

	test('the same number under another client is created (the service allows it; the lookup sees only this client\'s documents)', async () => {
		const [a, b] = [await newClient('A'), await newClient('B')];
		await newInvoice(a, 'INV-1');
		const result = await ctx.run(createInvoice({ ifExists: 'error' }), { items: [{ clientId: b, invoiceNo: 'INV-1' }] });
		expect(result.error).toBeUndefined();
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ invoice_no: 'INV-1', customer_id: b, action: 'created' }));
		// the guard's read, and the same read after the create (after-create)
		expect(reads()).toEqual([`/v1/client/${b}`, `/v1/client/${b}`]);
		expect(ctx.sandbox.state().invoices.map((i) => [i.invoice_no, i.customer_id])).toEqual([
			['INV-1', a],
			['INV-1', b],
		]);
	});

	test('Create or Update of an estimate reads the client\'s estimates and updates the match', async () => {
		const client = await newClient('A');
		const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-1', items: [{ description: 'Audit', quantity: 1, rate: 900 }] });
		const id = ((body.estimate as IDataObject[])[0].id as string);
		const result = await ctx.run({
			resource: 'estimate',
			operation: 'upsert',
			client: byId(client),
			estimateNo: 'EST-1',
			itemsMode: 'define',
			items: { item: [{ description: 'Audit', quantity: 1, rate: 950 }] },
			guardOptions: { numberScope: 'eachClient' },
		});
		expect(jsons(result)[0]).toEqual(expect.objectContaining({ id, action: 'updated', total: 950 }));
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/client/${client}`, `PUT /v1/estimate/${id}`, `GET /v1/estimate/${id}`]);
	});

	test('an unknown client fails the item at the lookup, before anything is written', async () => {
		const result = await ctx.run(createInvoice(), { items: [{ clientId: 'no-such-client', invoiceNo: 'X-1' }] });
		expect(result.error?.message).toBe(
			'Create Invoice "X-1" (item 0), reading /client/no-such-client first (nothing written), failed (HTTP 404): Client with id "no-such-client" was not found.',
		);
		expect(ctx.sent().map((r) => r.method)).toEqual(['GET']);
	});
});
