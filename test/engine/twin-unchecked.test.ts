import { sleep, type IDataObject } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

/**
 * The read after a Send or Record Payment is also its look for a twin another process made at the same moment.
 * When the rate gate turns that read away (the service asks to wait longer than Longest Wait), the write was done
 * and the twin is unknown: the item says both, as a twin report does (found with two processes that each sent
 * one invoice, both reads after were turned away, and the second e-mail went unreported).
 */
// the real clock: the send guard compares the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

test('Send whose read after the send is refused past Longest Wait: the item says the e-mail went and the twin look failed', async () => {
	const invoice = await addInvoice(ctx, await addClient(ctx, 'Acme Ltd', 'billing@acme.example'), 'INV-1');
	// the send is applied, and its answer held a moment: the read after it is refused (a 429 asking 5 s) from then on
	ctx.sandbox.clearRequests();
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, when: 'after', method: 'POST', path: '/v1/invoice/send' });
	const run = runNode({
		credentials: ctx.credentials,
		parameters: { resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'to@acme.example', rateLimits: { longestWait: 1 } },
		items: [{}],
		continueOnFail: true,
	});
	const deadline = Date.now() + 10_000;
	while (!ctx.sandbox.requests().some((r) => r.path === '/v1/invoice/send') && Date.now() < deadline) await sleep(10);
	ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '5', method: 'GET', path: `/v1/invoice/${invoice}`, count: 3 });
	const { items } = await run;

	expect(ctx.sandbox.state().invoices[0].send_log).toHaveLength(1);
	expect(ctx.sandbox.requests().map((r) => `${r.method} ${r.path.replace(invoice, '{id}')}`)).toEqual([
		'GET /v1/invoice/{id}',
		'POST /v1/invoice/send',
		'GET /v1/invoice/{id}',
	]);
	expect(String((items[0].json as IDataObject).error)).toBe(
		`Send Invoice "INV-1" (item 0): the invoice was sent to to@acme.example, but reading it afterwards, to look for another e-mail like it made at the same moment by another execution, failed: ` +
			`Send Invoice (item 0) was done; reading /invoice/${invoice} afterwards for the record's new state failed (HTTP 429): Simulated failure with status 429.`,
	);
});
