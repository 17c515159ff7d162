import { byId, NOW, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

async function createClient(names = 'Acme Ltd') {
	const body = await ctx.api('POST', '/client/add', { names, email: 'billing@acme.example', phone: '+1 555 0100', address: '1 Market St' });
	return (body.data as Array<{ id: string }>)[0].id;
}

const acme = (id: string) => ({
	id,
	names: 'Acme Ltd',
	email: 'billing@acme.example',
	phone: '+1 555 0100',
	address: '1 Market St',
	created_at: NOW,
});

describe('client resource through the n8n engine', () => {
	test('create sends the fields as query parameters with the API key and outputs the client', async () => {
		const result = await ctx.run({
			resource: 'client',
			operation: 'create',
			names: 'Acme Ltd',
			additionalFields: { email: 'billing@acme.example', phone: '+1 555 0100' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: '/v1/client/all', query: {}, encoding: 'none', rawBody: '', authorized: true, authorization: 'Bearer ***' },
			{
				method: 'POST',
				path: '/v1/client/add',
				query: { names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100' },
				encoding: 'query',
				rawBody: '',
				authorized: true,
				authorization: 'Bearer ***',
			},
			// the look after the create: no twin made by another execution at the same moment (after-create)
			{ method: 'GET', path: '/v1/client/all', query: {}, encoding: 'none', rawBody: '', authorized: true, authorization: 'Bearer ***' },
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{ id: '1000000000000001', names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100', address: '', created_at: NOW, updated_at: NOW, invoices: [], estimates: [], action: 'created' },
		]);
	});

	test('get outputs the client with its invoices and estimates', async () => {
		const id = await createClient();
		const invoice = await ctx.api('POST', '/invoice/add', {
			client: id,
			invoice_no: 'INV-1',
			payment_status: 'Not Paid',
			items: [{ description: 'Work', quantity: 2, rate: 50 }],
		});
		const result = await ctx.run({ resource: 'client', operation: 'get', clientId: byId(id) });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/client/${id}`, query: {}, encoding: 'none' })]);
		expect(result.items).toHaveLength(1);
		const client = result.items[0].json;
		expect({ ...client, invoices: undefined, estimates: undefined }).toEqual({ ...acme(id), updated_at: NOW, invoices: undefined, estimates: undefined });
		expect(client.invoices).toEqual((invoice.invoice as unknown[]).slice(0, 1));
		expect(client.estimates).toEqual([]);
	});

	test('get many applies the name/email search and the limit after one fetch', async () => {
		await createClient('Acme Ltd');
		await createClient('Globex');
		await createClient('Acme Labs');
		const search = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, filters: { search: 'acme' } });
		expect(search.items.map((i) => i.json.names)).toEqual(['Acme Ltd', 'Globex', 'Acme Labs']); // all share the acme e-mail
		const limited = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: false, limit: 2, filters: { search: 'ACME L' } });
		expect(limited.items.map((i) => i.json.names)).toEqual(['Acme Ltd', 'Acme Labs']);
		const one = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: false, limit: 1 });
		expect(one.items.map((i) => i.json)).toEqual([{ ...acme('1000000000000001') }]);
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/client/all', query: {} })]);
	});

	test('update sends only what was set; the required name comes from the current record', async () => {
		const id = await createClient();
		const result = await ctx.run({ resource: 'client', operation: 'update', clientId: byId(id), updateFields: { phone: '+1 555 0199' } });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: `/v1/client/${id}`, query: {} },
			{ method: 'PUT', path: `/v1/client/${id}`, query: { phone: '+1 555 0199', names: 'Acme Ltd' } },
		]);
		// the same keys as Get: the invoices and estimates come from the read made before the PUT
		expect(result.items.map((i) => i.json)).toEqual([{ ...acme(id), phone: '+1 555 0199', updated_at: NOW, invoices: [], estimates: [] }]);
	});

	test('update with the name set sends the update, then reads the invoices and estimates Get would show', async () => {
		const id = await createClient();
		const result = await ctx.run({ resource: 'client', operation: 'update', clientId: byId(id), updateFields: { names: 'Acme Group' } });
		expect(ctx.sent()).toEqual([
			expect.objectContaining({ method: 'PUT', path: `/v1/client/${id}`, query: { names: 'Acme Group' } }),
			expect.objectContaining({ method: 'GET', path: `/v1/client/${id}`, query: {} }),
		]);
		expect(result.items.map((i) => i.json)).toEqual([{ ...acme(id), names: 'Acme Group', updated_at: NOW, invoices: [], estimates: [] }]);
	});

	test('delete outputs deleted and the id', async () => {
		const id = await createClient();
		const result = await ctx.run({ resource: 'client', operation: 'delete', clientId: byId(id) });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/v1/client/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([{ deleted: true, id }]);
		expect(ctx.sandbox.state().clients).toEqual([]);
	});
});

describe('Fields to Clear', () => {
	test('an optional field chosen under Fields to Clear is emptied on the service, the others kept', async () => {
		const id = await createClient();
		const result = await ctx.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(id),
			clearFields: { email: true },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: `/v1/client/${id}`, query: {} },
			{ method: 'PUT', path: `/v1/client/${id}`, query: { names: 'Acme Ltd', email: '' } },
		]);
		expect(ctx.sandbox.state().clients[0]).toEqual(expect.objectContaining({ email: '', phone: '+1 555 0100', address: '1 Market St' }));
		expect(result.items[0].json).toEqual(expect.objectContaining({ email: '', phone: '+1 555 0100' }));
	});

	test('a field left empty under Update Fields, next to another one, is refused naming Fields to Clear; nothing is sent', async () => {
		const id = await createClient();
		for (const updateFields of [{ phone: '' }, { names: 'Acme Group', phone: '' }, { names: 'Acme Group', phone: '={{ $json.missing }}' }]) {
			const result = await ctx.run({ resource: 'client', operation: 'update', clientId: byId(id), updateFields });
			expect(result.error?.message).toBe(
				`Update Client "${id}" (item 0): "Phone" under "Update Fields" is empty: choose it under "Fields to Clear" to empty it, or remove it from "Update Fields" to keep its value`,
			);
			expect(ctx.sent()).toEqual([]);
		}
		expect(ctx.sandbox.state().clients[0]).toEqual(expect.objectContaining({ names: 'Acme Ltd', phone: '+1 555 0100' }));
	});

	test('an empty field that cannot be emptied (an invoice currency) is refused; under Continue On Fail the other items go through', async () => {
		const client = await createClient();
		const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', currency: 'USD', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		const id = (body.invoice as Array<{ id: string }>)[0].id;
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', updateFields: { note: 'Net 30', currency: '={{ $json.currency }}' } },
			{ items: [{ currency: '' }, { currency: 'EUR' }], continueOnFail: true },
		);
		expect(result.items.map((i) => i.json.error ?? i.json.currency)).toEqual([
			`Update Invoice "${id}" (item 0): "Currency" under "Update Fields" is empty and cannot be emptied: give a value, or remove it from "Update Fields" to keep its value`,
			'EUR',
		]);
		expect(ctx.sent().map((r) => r.method)).toEqual(['GET', 'PUT']);
		expect(ctx.sandbox.state().invoices[0]).toEqual(expect.objectContaining({ note: 'Net 30', currency: 'EUR' }));
	});

	test('a field both set and cleared is refused before sending', async () => {
		const id = await createClient();
		const result = await ctx.run({ resource: 'client', operation: 'update', clientId: byId(id), updateFields: { email: 'new@acme.example' }, clearFields: { email: true } });
		expect(result.error?.message).toBe(`Update Client "${id}" (item 0): "Email" is both set under "Update Fields" and chosen under "Fields to Clear": keep one.`);
		expect(ctx.sent()).toEqual([]);
	});

	test('an invoice note is cleared through the form body, the rest of the invoice kept', async () => {
		const client = await createClient();
		const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', note: 'Net 30', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		const id = (body.invoice as Array<{ id: string }>)[0].id;
		const result = await ctx.run({ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', clearFields: { note: true } });
		expect(result.error).toBeUndefined();
		expect(ctx.sent()[1].rawBody).toBe(`note=&client=${client}&invoice_no=INV-1&payment_status=Not%20Paid`);
		expect(ctx.sandbox.state().invoices[0]).toEqual(expect.objectContaining({ note: '', invoice_no: 'INV-1', items: [{ description: 'Work', quantity: 1, rate: 10 }] }));
	});
});
