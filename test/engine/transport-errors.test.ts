import type { IDataObject } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

async function clientAndInvoice(): Promise<{ client: string; invoice: string }> {
	const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as IDataObject[])[0].id as string;
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
	return { client, invoice: (body.invoice as IDataObject[])[0].id as string };
}

/** Waits (at most 5 s) until the sandbox has answered the request to `path` that the node gave up on. */
async function answered(path: string): Promise<void> {
	for (let i = 0; i < 100 && !ctx.sandbox.requests().some((r) => r.path === path && r.status === 200); i++) {
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

const WRITE_NOTE = (label: string) =>
	`The service may have applied this ${label} before the failure. Check the record before running it again: a retry (including n8n's Retry On Fail) can apply it twice.`;

describe('time-outs and dropped connections name the operation and the cause', () => {
	test('a Record Payment that times out says so, with the time-out, and that the payment may be recorded', async () => {
		const { invoice } = await clientAndInvoice();
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 600, path: '/v1/invoice/record-payment' });
		const result = await ctx.run({
			resource: 'invoice',
			operation: 'recordPayment',
			invoiceId: byId(invoice),
			paymentDate: '2026-01-15',
			amountPaid: 4,
			requestOptions: { timeout: 200 },
		});
		expect(result.error?.message).toBe(`Record Payment Invoice "INV-1" (item 0) failed: no answer within the time-out of 0.2 s (the service may have applied it)`);
		expect(result.error?.description).toBe(
			`Raise Request Options > Timeout if the service is slow, or try again later. ${WRITE_NOTE('Record Payment Invoice')} (ECONNABORTED)`,
		);
		// the service did apply it: the message is right to warn
		await answered('/v1/invoice/record-payment');
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([4]);
	});

	test('a read that times out names the operation and no write note', async () => {
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 500, path: '/v1/client/all' });
		const result = await ctx.run({ resource: 'client', operation: 'getAll', returnAll: true, requestOptions: { timeout: 150 } });
		expect(result.error?.message).toBe('Get Many Clients (item 0) failed: no answer within the time-out of 0.15 s');
		expect(result.error?.description).toBe('Raise Request Options > Timeout if the service is slow, or try again later. (ECONNABORTED)');
	});

	test('a dropped connection on Create Client: named, with the write note; Continue On Fail keeps the other items', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', path: '/v1/client/add' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}' },
			{ items: [{ name: 'Dropped' }], continueOnFail: true },
		);
		expect(result.items[0].error?.message).toBe('Create Client "Dropped" (item 0) failed: the service closed the connection before answering (the service may have applied it)');
		expect(result.items[0].error?.description).toBe(
			`The service or a proxy dropped the request: try again later. ${WRITE_NOTE('Create Client')} (ECONNRESET)`,
		);
	});

	test('nothing listening: a refused connection points at the Base URL and carries no write note', async () => {
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'send', invoiceId: byId('1'), email: 'a@b.example' },
			{ credentials: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' } },
		);
		expect(result.error?.message).toBe('Send Invoice "1" (item 0), reading /invoice/1 first (nothing written), failed: nothing accepts connections at http://127.0.0.1:9/v1');
		expect(result.error?.description).toBe('Check the Base URL in the Invoicing credential and that the service is running. (ECONNREFUSED)');
	});

	test('HTTP failures still come from the postReceive step, unchanged', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 503, message: 'maintenance', path: '/v1/invoice/send' });
		const { invoice } = await clientAndInvoice();
		const result = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'a@b.example' });
		expect(result.error?.message).toBe(`Send Invoice "INV-1" (item 0) failed (HTTP 503): maintenance (the service may have applied it)`);
		expect(result.error?.description).toBe(`The service failed: try again later. ${WRITE_NOTE('Send Invoice')}`);
	});
});
