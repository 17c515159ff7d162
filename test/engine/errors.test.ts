import type { IDataObject } from 'n8n-workflow';

import { ID_HAS_SPACES } from '../../nodes/Invoicing/resources/common-fields';
import { API_KEY, byId, useEngineFixture } from './fixture';

const RATE_LIMIT_WAIT_OFF = { rateLimits: { longestWait: 0 } };
const ctx = useEngineFixture();

async function invoiceIds(count: number): Promise<string[]> {
	const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as IDataObject[])[0].id as string;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const body = await ctx.api('POST', '/invoice/add', {
			client,
			invoice_no: `INV-${i + 1}`,
			payment_status: 'Not Paid',
			items: [{ description: 'Work', quantity: 1, rate: 10 }],
		});
		ids.push((body.invoice as IDataObject[])[0].id as string);
	}
	return ids;
}

const getInvoice = { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}') };

describe('failures through the n8n engine', () => {
	test('Continue On Fail: the unknown id fails at its own index, the other items go through', async () => {
		const [first, third] = await invoiceIds(2);
		const result = await ctx.run(getInvoice, { items: [{ id: first }, { id: 'nope' }, { id: third }], continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.invoice_no ?? null)).toEqual(['INV-1', null, 'INV-2']);
		expect(result.items[1].error?.message).toBe('Get Invoice "nope" (item 1) failed (HTTP 404): Invoice with id "nope" was not found.');
		expect(result.items[1].error?.description).toBe('No record has this ID: pick the record from the list, or check that it was not deleted.');
	});

	test('without Continue On Fail the run stops with the operation, HTTP code and server message', async () => {
		const result = await ctx.run(getInvoice, { items: [{ id: 'nope' }] });
		expect(result.error?.message).toBe('Get Invoice "nope" (item 0) failed (HTTP 404): Invoice with id "nope" was not found.');
		expect(result.error?.httpCode).toBe('404');
	});

	test('a wrong API key is a 401 with a hint about the credential', async () => {
		const result = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true }, { credentials: { baseUrl: ctx.sandbox.url, apiKey: 'wrong' } });
		expect(result.error?.message).toBe('Get Many Clients (item 0) failed (HTTP 401): Missing or invalid API key: send it as "Authorization: Bearer <key>".');
		expect(result.error?.description).toMatch(/check the API Key/);
		expect(ctx.sandbox.requests()[0].authorized).toBe(false);
	});

	test('a custom API key header sends the bare key under that name', async () => {
		const result = await ctx.run(
			{ resource: 'client', operation: 'getAll', returnAll: true },
			{ credentials: { baseUrl: `${ctx.sandbox.url}/`, apiKey: API_KEY, headerName: 'X-API-Key' } },
		);
		expect(result.error).toBeUndefined();
		const [request] = ctx.sandbox.requests();
		expect([request.path, request.headers['x-api-key'], request.headers.authorization, request.authorized]).toEqual(['/v1/client/all', '***', undefined, true]);
	});

	test.each([
		[{ kind: 'status', status: 500, message: 'database down' }, 'Get Many Clients (item 0) failed (HTTP 500): database down'],
		[{ kind: 'status', status: 429, message: 'slow down' }, 'Get Many Clients (item 0) failed (HTTP 429): slow down'],
		[{ kind: 'errorStatus200', message: 'quota exceeded' }, 'Get Many Clients (item 0) failed (HTTP 200): quota exceeded'],
		[{ kind: 'html', status: 502 }, 'Get Many Clients (item 0) failed (HTTP 502): answer is not JSON: "502 Bad Gateway upstream error"'],
		[{ kind: 'malformed' }, 'Get Many Clients (item 0) failed (HTTP 200): answer is not JSON: "{"status":"success","data":[{"id":"'],
	] as Array<[IDataObject, string]>)('fault %j becomes a clear error', async (fault, message) => {
		ctx.sandbox.injectFault({ kind: fault.kind as 'status', status: fault.status as number, message: fault.message as string });
		// a 429 is waited out by default (rate-limit.test.ts); with that off it fails at once
		const result = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, ...(fault.status === 429 ? RATE_LIMIT_WAIT_OFF : {}) });
		expect(result.error?.message).toBe(message);
	});

	test('429 carries the batching hint', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: 'slow down' });
		const result = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, ...RATE_LIMIT_WAIT_OFF });
		expect(result.error?.description).toMatch(/Batching/);
	});

	test('a dropped connection fails the item and Continue On Fail keeps the others', async () => {
		const [id] = await invoiceIds(1);
		ctx.sandbox.injectFault({ kind: 'drop', path: '/v1/invoice/nope' });
		const result = await ctx.run(getInvoice, { items: [{ id }, { id: 'nope' }], continueOnFail: true });
		expect(result.items[0].json.invoice_no).toBe('INV-1');
		expect(result.items[1].error?.message).toBe('Get Invoice "nope" (item 1) failed: the service closed the connection before answering');
	});

	describe('input refused before any request', () => {
		test.each([
			[{ resource: 'client', operation: 'update', clientId: byId('1'), updateFields: {} }, 'Update Client "1" (item 0): Nothing to update: set at least one field under "Update Fields" or "Fields to Clear".'],
			[
				{ resource: 'invoice', operation: 'update', invoiceId: byId('1'), itemsMode: 'keep', updateFields: {} },
				'Update Invoice "1" (item 0): Nothing to update: set at least one field under "Update Fields" or "Fields to Clear", or replace the line items.',
			],
			// n8n itself checks required parameters and the locator's pattern before the node runs
			[{ resource: 'invoice', operation: 'get', invoiceId: byId('{{ $json.id') }, ID_HAS_SPACES],
			[{ resource: 'client', operation: 'create', names: '' }, 'Parameter "Name" is required.'],
			[{ resource: 'client', operation: 'create', names: '={{ "  " }}' }, 'Create Client (item 0): "Name" is required: enter a value.'],
			[{ resource: 'invoice', operation: 'get', invoiceId: byId('={{ "" }}') }, 'Get Invoice (item 0): "Invoice" is empty: choose a record from the list or enter its ID.'],
			[
				{ resource: 'expense', operation: 'create', description: 'x', issueDate: '2026-02-30', amount: 1, currency: 'USD' },
				'Create Expense "x" (item 0): "Issue Date" must be an unambiguous date, got "2026-02-30": give YYYY-MM-DD or an ISO date and time',
			],
			[
				{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId('1'), paymentDate: '2026-01-01', amountPaid: -5 },
				'Record Payment Invoice "1" (item 0): "Amount Paid" must be more than 0, got -5: enter the amount received, e.g. 50',
			],
			[
				{
					resource: 'invoice',
					operation: 'create',
					client: byId('1'),
					invoiceNo: 'X',
					paymentStatus: 'Paid',
					itemsMode: 'json',
					itemsJson: '[{"description":"a","quantity":1,"rate":1},{"description":"b","quantity":"two","rate":1}]',
				},
				'Create Invoice "X" (item 0): Line item 1 (of 2, counting from 0): "quantity" must be a number of 0 or more, got "two"',
			],
			[
				{ resource: 'estimate', operation: 'create', client: byId('1'), estimateNo: 'E', itemsMode: 'define', items: {} },
				'Create Estimate "E" (item 0): Add at least one line item',
			],
		])('%j', async (parameters, message) => {
			const result = await ctx.run(parameters as IDataObject as never);
			expect(result.error?.message).toContain(message);
			expect(ctx.sandbox.requests()).toEqual([]);
		});

		test('a Base URL without /v1 is refused with the fix', async () => {
			const result = await ctx.run(
				{ resource: 'client', operation: 'getAll', returnAll: true },
				{ credentials: { baseUrl: ctx.sandbox.url.replace('/v1', ''), apiKey: API_KEY } },
			);
			expect(result.error?.message).toBe(`The Base URL of the Invoicing credential must end in /v1, got "${ctx.sandbox.url.replace('/v1', '')}"`);
			expect(ctx.sandbox.requests()).toEqual([]);
		});
	});

	test('the service refusing a field (400) names it', async () => {
		const [id] = await invoiceIds(1);
		const result = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: 'not-an-address' });
		expect(result.error?.message).toBe(`Send Invoice "INV-1" (item 0) failed (HTTP 400): Parameter "email" must be an e-mail address, got "not-an-address".`);
	});
});
