import { addClient, addInvoice, byId, useEngineFixture } from './fixture';

/**
 * Issue 45: Get Invoice By ID `999999` said "`999999` looks like an invoice number, not an ID" although no
 * invoice has that number. The hint now speaks of a number only when a document has it, looked up after the 404
 * only: the success path makes no extra request.
 */
const ctx = useEngineFixture();

const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);
const USUAL = 'No record has this ID: pick the record from the list, or check that it was not deleted.';
const NUMBER_HINT =
	'No record has this ID: "999999" looks like an invoice number, not an ID. Switch "Invoice" to the Number mode to give the number as it is, or pick the record from the list.';

describe('the unknown-id hint speaks of a number only when a document has it', () => {
	test('Get By ID 999999, no invoice numbered 999999: the usual hint, after one look at the list', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		await addInvoice(ctx, client, 'INV-1005');
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId('999999') });
		expect(result.error?.message).toBe('Get Invoice "999999" (item 0) failed (HTTP 404): Invoice with id "999999" was not found.');
		expect(result.error?.description).toBe(USUAL);
		expect(requests()).toEqual(['GET /v1/invoice/999999', 'GET /v1/invoice/all']);
	});

	test('Get By ID 999999 when an invoice is numbered 999999: the hint points to the Number mode', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		await addInvoice(ctx, client, '999999');
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId('999999') });
		expect(result.error?.description).toBe(NUMBER_HINT);
	});

	test('Send By ID 999999 (the guard reads the invoice first): the same rule', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		await addInvoice(ctx, client, 'INV-1005');
		const none = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId('999999') });
		expect(none.error?.description).toBe(USUAL);
		expect(requests()).toEqual(['GET /v1/invoice/999999', 'GET /v1/invoice/all']);
		await addInvoice(ctx, client, '999999');
		const numbered = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId('999999') });
		expect(numbered.error?.description).toBe(NUMBER_HINT);
	});

	test('a Get that finds its invoice makes one request', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const id = await addInvoice(ctx, client, '999999');
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId(id) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([`GET /v1/invoice/${id}`]);
	});
});
