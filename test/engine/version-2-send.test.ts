import { addClient, addInvoice, byId, useEngineFixture } from './fixture';

/**
 * Send's Re-Send Window: an option hidden under Options in version 1, a field of its own in version 2, shown with
 * its 60 minutes. A version 2 node saved with the option keeps it; version 1 keeps its option alone.
 */
const ctx = useEngineFixture({ deterministic: false });

async function sendTwice(parameters: Record<string, unknown>, typeVersion: 1 | 2) {
	const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
	const id = await addInvoice(ctx, client, 'INV-1005');
	const send = { resource: 'invoice', operation: 'send', invoiceId: byId(id), ...parameters };
	const first = await ctx.run(send, { typeVersion });
	const again = await ctx.run(send, { typeVersion });
	return { first, again, log: ctx.sandbox.state().invoices[0].send_log };
}

describe('Send\'s Re-Send Window, a field of version 2', () => {
	test('version 2 as placed: the field\'s 60 minutes skip a second send to the same address', async () => {
		const { first, again, log } = await sendTwice({}, 2);
		expect([first.items[0].json.skipped, again.items[0].json.skipped]).toEqual([undefined, true]);
		expect(again.items[0].json.message).toBe(`Not sent again: the invoice "INV-1005" was sent to billing@acme.example at ${log[0].date} UTC, within the last 60 minutes.`);
		expect(log).toHaveLength(1);
	});

	test('version 2 with the window set to 0: sent twice, as asked', async () => {
		const { first, again, log } = await sendTwice({ resendWindowMinutes: 0 }, 2);
		expect([first.items[0].json.skipped, again.items[0].json.skipped]).toEqual([undefined, undefined]);
		expect(log).toHaveLength(2);
	});

	test('version 2 with the window set to 5: the message names the 5 minutes', async () => {
		const { again } = await sendTwice({ resendWindowMinutes: 5 }, 2);
		expect(again.items[0].json.message).toMatch(/, within the last 5 minutes\.$/);
	});

	test('a version 2 node saved with the option under Options keeps it (the option counts over the field)', async () => {
		const { again, log } = await sendTwice({ resendWindowMinutes: 60, sendOptions: { skipIfSentWithinMinutes: 0 } }, 2);
		expect(again.items[0].json.skipped).toBeUndefined();
		expect(log).toHaveLength(2);
	});

	test('version 1 has no such field: its option alone decides (60 minutes when absent)', async () => {
		const { again, log } = await sendTwice({ resendWindowMinutes: 0 }, 1);
		expect(again.items[0].json.skipped).toBe(true);
		expect(log).toHaveLength(1);
	});
});
