import type { INodeExecutionData } from 'n8n-workflow';

import { addClient, addInvoice, byId, byNumber, useEngineFixture } from './fixture';

/**
 * The items of a run share one read of a list (By Number, By E-mail, the guards' lookups). When that read fails,
 * the item that made it fails; the items that waited for it share one new read (run-scope sharedList), so a
 * service that stays down fails every item, each named by its own row and item number (message and n8n's item
 * index), never all as "(item 0)"; one that recovers lets the others through (scenario regressions).
 */
const ctx = useEngineFixture();

const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);
const messages = (items: INodeExecutionData[]) => items.map((item) => item.json.error);
const itemIndexes = (items: INodeExecutionData[]) => items.map((item) => item.error?.context?.itemIndex);

describe('a failed shared list read names each item that shared it', () => {
	test('By Number, 3 items, GET /invoice/all answered 500 while down: each message names its own row', async () => {
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
		expect(result.items.map((item) => item.error?.description)).toEqual(Array(3).fill('The service failed: try again later.'));
		expect(result.items.map((item) => (item.error as { httpCode?: string } | undefined)?.httpCode)).toEqual(['500', '500', '500']);
		// each item tried the read once: nothing else was sent
		expect(requests()).toEqual(Array(3).fill('GET /v1/invoice/all'));
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
		expect(requests()).toEqual(Array(3).fill('GET /v1/client/all'));
	});

	test("Create Invoice's guard, one client's documents read answered 500 while down: each row named", async () => {
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
