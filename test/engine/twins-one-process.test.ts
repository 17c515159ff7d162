import type { INodeParameters } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';
import { runNode, type NodeRunResult } from './harness/run-node';

/**
 * Executions at once in one n8n process (webhook calls in regular mode, a source that delivers a slow call again):
 * they share the turn of a key, so the second looks only once the first's write has its answer (issue 34, item 2).
 * On 2b80f53 turns were per execution: both looked before either wrote (two payments, both items failing).
 */
// the real clock: the send and payment guards compare the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

const newClient = () => addClient(ctx, 'Acme Ltd', 'billing@acme.example');
const newInvoice = (client: string) => addInvoice(ctx, client, 'INV-1');

/** `count` executions of the same node and input started at the same moment in this process, every request taking 150 ms. */
async function atOnce(parameters: INodeParameters, count = 2): Promise<NodeRunResult[]> {
	ctx.sandbox.setLimits({ serviceTimeMs: 150 });
	try {
		return await Promise.all(Array.from({ length: count }, () => runNode({ credentials: ctx.credentials, parameters, continueOnFail: true })));
	} finally {
		ctx.sandbox.setLimits({});
	}
}

const outcome = (result: NodeRunResult) => {
	const json = result.items[0]?.json ?? {};
	return { error: result.items[0]?.error?.message, skipped: json.skipped === true, action: json.action };
};

describe('twin executions in one n8n process', () => {
	test('Record Payment x2 at once, same invoice and amount: one payment; the second execution skips it, naming the first', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await atOnce({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 40, paymentFields: { paymentMethod: 'Cash' } });
		const payments = ctx.sandbox.state().invoices[0].payments;
		expect(payments).toHaveLength(1);
		expect(results.map(outcome)).toEqual([
			{ error: undefined, skipped: false, action: undefined },
			{ error: undefined, skipped: true, action: undefined },
		]);
		expect(results[1].items[0].json.message).toContain(`(reference ${payments[0].reference})`);
	});

	test('Send x3 at once: one e-mail, two skipped', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await atOnce({ resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'billing@acme.example' }, 3);
		expect(ctx.sandbox.state().invoices[0].send_log).toHaveLength(1);
		expect(results.map((r) => outcome(r).skipped).sort()).toEqual([false, true, true]);
		expect(results.every((r) => r.items[0].error === undefined)).toBe(true);
	});

	test('Create Invoice x2 at once: one invoice, created once and existing once, no delete', async () => {
		const client = await newClient();
		ctx.sandbox.clearRequests();
		const results = await atOnce({
			resource: 'invoice',
			operation: 'create',
			client: byId(client),
			invoiceNo: 'INV-7',
			paymentStatus: 'Not Paid',
			itemsMode: 'define',
			items: { item: [{ description: 'Consulting', quantity: 2, rate: 150 }] },
		});
		expect(ctx.sandbox.state().invoices.map((i) => i.invoice_no)).toEqual(['INV-7']);
		expect(results.map((r) => outcome(r).action).sort()).toEqual(['created', 'existing']);
		expect(ctx.sandbox.requests().filter((r) => r.method === 'DELETE')).toEqual([]);
	});
});

describe('a twin in one process after a write that got no answer', () => {
	test('Create Client x2 at once, the first POST applied 1,500 ms after it was sent (time-out 1 s): the second execution looks until it lands; one client', async () => {
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_500, path: '/v1/client/add' });
		const parameters: INodeParameters = { resource: 'client', operation: 'create', names: 'Globex', additionalFields: { email: 'ap@globex.example' }, requestOptions: { timeout: 1_000 } };
		const results = await Promise.all([0, 1].map(() => runNode({ credentials: ctx.credentials, parameters, continueOnFail: true })));
		// let the held write land before counting
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(ctx.sandbox.state().clients.filter((c) => c.email === 'ap@globex.example')).toHaveLength(1);
		const outcomes = results.map((r) => r.items[0].json.action ?? r.items[0].error?.message).sort();
		expect(outcomes[0]).toBe('Create Client "ap@globex.example" (item 0) failed: no answer within the time-out of 1 s (the service may have applied it)');
		expect(outcomes[1]).toBe('existing');
	});
});
