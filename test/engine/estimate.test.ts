import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, form, NOW, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

async function createClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Globex', phone: '+44 20 7946 0000' });
	return (body.data as IDataObject[])[0].id as string;
}

async function createEstimate(client: string, estimateNo = 'EST-1', accepted = 'False'): Promise<string> {
	const body = await ctx.api('POST', '/estimate/add', {
		client,
		estimate_no: estimateNo,
		accepted,
		tax_rate: 20,
		items: [{ description: 'Audit', quantity: 2, rate: 900 }],
	});
	return (body.estimate as IDataObject[])[0].id as string;
}

const estimate = (id: string, client: string, extra: IDataObject = {}) => ({
	id,
	short_code: 'sc0002',
	estimate_no: 'EST-1',
	reference_no: 'EST-1',
	description: '',
	customer_id: client,
	customer_name: 'Globex',
	customer_phone: '+44 20 7946 0000',
	customer_address: '',
	currency: 'USD',
	tax_rate: 20,
	sub_total: 1800,
	tax_amount: 360,
	total: 2160,
	accepted: 'False',
	issue_date: '2026-01-15',
	due_date: '2026-01-15',
	note: '',
	...extra,
});

describe('estimate resource through the n8n engine', () => {
	test('create sends estimate_no and items; output carries both estimate_no and reference_no', async () => {
		const client = await createClient();
		const result = await ctx.run({
			resource: 'estimate',
			operation: 'create',
			client: byId(client),
			estimateNo: 'EST-1',
			itemsMode: 'json',
			itemsJson: '[{"description":"Audit","quantity":2,"rate":900}]',
			additionalFields: { taxRate: 20 },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'GET', path: '/v1/estimate/all', rawBody: '' }),
			expect.objectContaining({
				method: 'POST',
				path: '/v1/estimate/add',
				rawBody: form([
					['client', client],
					['estimate_no', 'EST-1'],
					['tax_rate', '20'],
					['items[0][description]', 'Audit'],
					['items[0][quantity]', '2'],
					['items[0][rate]', '900'],
				]),
			}),
			// the look after the create: no twin made by another execution at the same moment (after-create)
			expect.objectContaining({ method: 'GET', path: `/v1/client/${client}`, rawBody: '' }),
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				...estimate('1000000000000002', client, { items: [{ description: 'Audit', quantity: 2, rate: '900.00', amount: '1800.00' }], send_log: [] }),
				action: 'created',
			},
		]);
	});

	test('get outputs items with amount and the send log', async () => {
		const client = await createClient();
		const id = await createEstimate(client);
		const result = await ctx.run({ resource: 'estimate', operation: 'get', estimateId: byId(id), simplify: false });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/estimate/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([
			estimate(id, client, { items: [{ description: 'Audit', quantity: 2, rate: '900.00', amount: '1800.00' }], send_log: [] }),
		]);
	});

	test('accept: update with Accepted = True fills client and number from the current estimate', async () => {
		const client = await createClient();
		const id = await createEstimate(client);
		const result = await ctx.run({ resource: 'estimate', operation: 'update', estimateId: byId(id), itemsMode: 'keep', updateFields: { accepted: 'True' } });
		expect(ctx.sent().map(({ method, rawBody }) => ({ method, rawBody }))).toEqual([
			{ method: 'GET', rawBody: '' },
			{ method: 'PUT', rawBody: form([['accepted', 'True'], ['client', client], ['estimate_no', 'EST-1']]) },
		]);
		expect([result.items[0].json.accepted, result.items[0].json.estimate_no, result.items[0].json.reference_no]).toEqual(['True', 'EST-1', 'EST-1']);
	});

	test('Simplify (the default) gives number under both names, client, acceptance, dates and total', async () => {
		const client = await createClient();
		const id = await createEstimate(client);
		const result = await ctx.run({ resource: 'estimate', operation: 'get', estimateId: byId(id) });
		const full = estimate(id, client, {});
		const keys = ['id', 'estimate_no', 'reference_no', 'customer_id', 'customer_name', 'accepted', 'currency', 'issue_date', 'due_date', 'total'];
		expect(result.items.map((i) => i.json)).toEqual([Object.fromEntries(keys.map((key) => [key, (full as Record<string, unknown>)[key]]))]);
	});

	test('send posts id and email', async () => {
		const id = await createEstimate(await createClient());
		const result = await ctx.run({ resource: 'estimate', operation: 'send', estimateId: byId(id), email: 'ap@globex.example' });
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/v1/estimate/${id}`, rawBody: '' }),
			expect.objectContaining({ method: 'POST', path: '/v1/estimate/send', rawBody: form([['id', id], ['email', 'ap@globex.example']]) }),
			expect.objectContaining({ method: 'GET', path: `/v1/estimate/${id}`, rawBody: '' }),
		]);
		const keys = ['estimate_no', 'reference_no', 'customer_id', 'customer_name', 'accepted', 'currency', 'issue_date', 'due_date', 'total'];
		const full = estimate(id, ctx.sandbox.state().estimates[0].customer_id, {}) as Record<string, unknown>;
		expect(result.items.map((i) => i.json)).toEqual([
			{
				success: true,
				id,
				message: 'Estimate was successfully sent.',
				email: 'ap@globex.example',
				email_source: 'node',
				...Object.fromEntries(keys.map((key) => [key, full[key]])),
				send_log: [{ email: 'ap@globex.example', date: NOW }],
			},
		]);
		expect(ctx.sandbox.state().estimates[0].send_log).toEqual([{ email: 'ap@globex.example', date: NOW }]);
	});

	test("send with Email empty goes to the estimate's client e-mail", async () => {
		const body = await ctx.api('POST', '/client/add', { names: 'Globex', email: 'ap@globex.example' });
		const client = (body.data as IDataObject[])[0].id as string;
		const id = await createEstimate(client);
		const result = await ctx.run({ resource: 'estimate', operation: 'send', estimateId: byId(id) });
		expect(ctx.sent().map(({ method, path, rawBody }) => `${method} ${path} ${rawBody}`)).toEqual([
			`GET /v1/estimate/${id} `,
			`GET /v1/client/${client} `,
			`POST /v1/estimate/send ${form([['id', id], ['email', 'ap@globex.example']])}`,
			`GET /v1/estimate/${id} `,
		]);
		expect([result.items[0].json.email, result.items[0].json.email_source, result.items[0].json.send_log]).toEqual([
			'ap@globex.example',
			'client',
			[{ email: 'ap@globex.example', date: NOW }],
		]);
	});

	test('get many filters by accepted and client, with both number names on each item', async () => {
		const a = await createClient();
		const b = await createClient();
		await createEstimate(a, 'EST-A', 'True');
		await createEstimate(b, 'EST-B', 'False');
		const list = async (filters: INodeParameters) =>
			(await ctx.run({ resource: 'estimate', operation: 'getAll', returnAll: true, filters })).items.map((i) => [i.json.reference_no, i.json.estimate_no]);
		expect(await list({})).toEqual([['EST-A', 'EST-A'], ['EST-B', 'EST-B']]);
		expect(await list({ accepted: 'True' })).toEqual([['EST-A', 'EST-A']]);
		expect(await list({ client: b })).toEqual([['EST-B', 'EST-B']]);
	});

	test('delete outputs deleted and the id', async () => {
		const id = await createEstimate(await createClient());
		const result = await ctx.run({ resource: 'estimate', operation: 'delete', estimateId: byId(id) });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/v1/estimate/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([{ deleted: true, id }]);
	});
});
