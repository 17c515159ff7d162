import type { INodeExecutionData } from 'n8n-workflow';

import { addClient, addInvoice, byId, byNumber, useEngineFixture } from './fixture';

/**
 * The items of a run share one read of a list (By Number, By E-mail, the guards' lookups). When that read fails,
 * the item that made it fails, each item named by its own row and item number (message and n8n's item index),
 * never all as "(item 0)". A lookup's list (By Number, By E-mail: request/lookup-lists) is read again once for
 * the items that waited (one that recovers lets them through); after that they share the failure, so a service
 * that stays down costs the run two time-outs, not one per row. The guards' reads of the whole list (a client's
 * e-mail, an invoice's or estimate's number in the book) do the same; a client's documents (Each Client) give
 * every waiting item a new read of its own.
 */
const ctx = useEngineFixture();

const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);
const messages = (items: INodeExecutionData[]) => items.map((item) => item.json.error);
const itemIndexes = (items: INodeExecutionData[]) => items.map((item) => item.error?.context?.itemIndex);

// a fault left over (the node sent fewer requests than its count) must not reach the next test
afterEach(() => ctx.sandbox.clearFaults());

describe('a failed shared list read names each item that shared it', () => {
	test('By Number, 3 items, GET /invoice/all answered 500 while down: each message names its own row, the list read twice', async () => {
		const acme = await addClient(ctx, 'Acme Ltd');
		for (const number of ['INV-1', 'INV-2', 'INV-3']) await addInvoice(ctx, acme, number);
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'database down', path: '/v1/invoice/all', count: 10 });
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'get', invoiceId: byNumber('={{ $json.no }}') },
			{ items: [{ no: 'INV-1' }, { no: 'INV-2' }, { no: 'INV-3' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(messages(result.items)).toEqual([1, 2, 3].map((n) => `Get Invoice "INV-${n}" (item ${n - 1}), reading /invoice/all first (nothing written), failed (HTTP 500): database down`));
		expect(itemIndexes(result.items)).toEqual([0, 1, 2]);
		expect(result.items.map((item) => item.error?.description)).toEqual([
			'The service failed: try again later.',
			'The service failed: try again later.',
			'The service failed: try again later. Not read again for this item: /invoice/all failed 2 times in this run (last for item 1).',
		]);
		expect(result.items.map((item) => (item.error as { httpCode?: string } | undefined)?.httpCode)).toEqual(['500', '500', '500']);
		// item 0's read and one more for the items that waited; item 2 shared the second failure
		expect(requests()).toEqual(Array(2).fill('GET /v1/invoice/all'));
	});

	test('By Number, the list read failing once: the items that waited read it again once and go through', async () => {
		const acme = await addClient(ctx, 'Acme Ltd');
		const ids = [];
		for (const number of ['INV-1', 'INV-2', 'INV-3']) ids.push(await addInvoice(ctx, acme, number));
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'blip', path: '/v1/invoice/all', count: 1 });
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'get', invoiceId: byNumber('={{ $json.no }}') },
			{ items: [{ no: 'INV-1' }, { no: 'INV-2' }, { no: 'INV-3' }], continueOnFail: true },
		);
		expect(messages(result.items)).toEqual(['Get Invoice "INV-1" (item 0), reading /invoice/all first (nothing written), failed (HTTP 500): blip', undefined, undefined]);
		expect(result.items.slice(1).map((item) => item.json.id)).toEqual(ids.slice(1));
		expect(requests()).toEqual(['GET /v1/invoice/all', 'GET /v1/invoice/all', `GET /v1/invoice/${ids[1]}`, `GET /v1/invoice/${ids[2]}`]);
	});

	test('By Number, 10 items while GET /invoice/all times out (time-out 1 s, Continue On Fail): 2 list reads, not 10; each row named', async () => {
		const acme = await addClient(ctx, 'Acme Ltd');
		const rows = Array.from({ length: 10 }, (_, i) => ({ no: `INV-${i + 1}` }));
		for (const { no } of rows) await addInvoice(ctx, acme, no);
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_500, path: '/v1/invoice/all', count: 10 });
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'get', invoiceId: byNumber('={{ $json.no }}'), requestOptions: { timeout: 1_000 } },
			{ items: rows, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const sent = ctx.sandbox.requests().filter((r) => r.path === '/v1/invoice/all');
		expect(sent).toHaveLength(2);
		expect(messages(result.items)).toEqual(
			rows.map(({ no }, i) => `Get Invoice "${no}" (item ${i}), reading /invoice/all first (nothing written), failed: no answer within the time-out of 1 s`),
		);
		expect(itemIndexes(result.items)).toEqual(rows.map((_row, i) => i));
		// the rows after the second read's maker say they shared its failure
		expect(result.items.slice(2).every((item) => String(item.error?.description).endsWith('Not read again for this item: /invoice/all failed 2 times in this run (last for item 1).'))).toBe(
			true,
		);
		// nothing but the two list reads: no row got as far as its invoice
		expect(requests()).toEqual(Array(2).fill('GET /v1/invoice/all'));
	});

	test("Create Client's duplicate guard, GET /client/all answered 500 while down: each row named, nothing created", async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'database down', path: '/v1/client/all', count: 10 });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', additionalFields: { email: '={{ $json.email }}' } },
			{ items: [{ name: 'A', email: 'a@x.example' }, { name: 'B', email: 'b@x.example' }, { name: 'C', email: 'c@x.example' }], continueOnFail: true },
		);
		expect(messages(result.items)).toEqual(
			['a', 'b', 'c'].map((who, i) => `Create Client "${who}@x.example" (item ${i}), reading /client/all first (nothing written), failed (HTTP 500): database down`),
		);
		expect(itemIndexes(result.items)).toEqual([0, 1, 2]);
		expect(requests()).toEqual(Array(2).fill('GET /v1/client/all'));
	});

	test("Create Invoice's guard, 10 rows while GET /invoice/all times out (time-out 1 s): 2 list reads, not 10; each row named, nothing written", async () => {
		const acme = await addClient(ctx, 'Acme Ltd');
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_500, path: '/v1/invoice/all', count: 10 });
		const rows = Array.from({ length: 10 }, (_, i) => ({ no: `NEW-${i + 1}` }));
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'create',
				client: byId(acme),
				invoiceNo: '={{ $json.no }}',
				paymentStatus: 'Not Paid',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
				requestOptions: { timeout: 1_000 },
			},
			{ items: rows, continueOnFail: true },
		);
		expect(messages(result.items)).toEqual(
			rows.map(({ no }, i) => `Create Invoice "${no}" (item ${i}), reading /invoice/all first (nothing written), failed: no answer within the time-out of 1 s`),
		);
		expect(itemIndexes(result.items)).toEqual(rows.map((_row, i) => i));
		expect(requests()).toEqual(Array(2).fill('GET /v1/invoice/all'));
	});

	test("Create Invoice's guard (Numbers Unique Within Each Client), one client's documents read answered 500 while down: each row named", async () => {
		const acme = await addClient(ctx, 'Acme Ltd');
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'database down', path: `/v1/client/${acme}`, count: 10 });
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'create',
				client: byId(acme),
				invoiceNo: '={{ $json.no }}',
				paymentStatus: 'Not Paid',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
				guardOptions: { numberScope: 'eachClient' },
			},
			{ items: [{ no: 'X-1' }, { no: 'X-2' }], continueOnFail: true },
		);
		expect(messages(result.items)).toEqual(
			[1, 2].map((n) => `Create Invoice "X-${n}" (item ${n - 1}), reading /client/${acme} first (nothing written), failed (HTTP 500): database down`),
		);
		expect(itemIndexes(result.items)).toEqual([0, 1]);
		expect(requests()).toEqual(Array(2).fill(`GET /v1/client/${acme}`));
	});
});
