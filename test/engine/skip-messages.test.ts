import { addClient, addInvoice, byId, useEngineFixture } from './fixture';

/**
 * Issue 45: a skipped Send read as a send, and said "this invoice" where the node knew the number. The skip names
 * the invoice by number and the window that made it skip.
 */
const ctx = useEngineFixture({ deterministic: false });

describe('a skipped Send names the invoice by its number and the window', () => {
	test('sent, then sent again within the window: the second says which invoice, where, when and within what', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const id = await addInvoice(ctx, client, 'INV-1005');
		const send = { resource: 'invoice', operation: 'send', invoiceId: byId(id), sendOptions: { skipIfSentWithinMinutes: 60 } };
		const first = await ctx.run(send);
		expect(first.items.map((item) => item.json.skipped)).toEqual([undefined]);
		const again = await ctx.run(send);
		const sentAt = ctx.sandbox.state().invoices[0].send_log[0].date;
		expect(again.items.map((item) => [item.json.skipped, item.json.message])).toEqual([
			[true, `Not sent again: the invoice "INV-1005" was sent to billing@acme.example at ${sentAt} UTC, within the last 60 minutes.`],
		]);
		expect(ctx.sandbox.state().invoices[0].send_log).toHaveLength(1);
	});
});
