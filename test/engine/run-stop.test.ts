import type { INodeParameters } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';
import { withEngineRejectionsHandled } from './harness/engine-rejections';
import { runNode } from './harness/run-node';

/**
 * With Continue On Fail off the node stops at the first item that fails, and n8n shows that item's error alone.
 * The engine starts every item's request at once, so an item still waiting for its key's turn used to write after
 * the node had failed (found by the scenarios across two processes: an e-mail sent by an
 * execution that reported only an error, and a second one by its twin).
 */
// the real clock: the send guard compares the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

const sendThrice = async (continueOnFail: boolean) => {
	const invoice = await addInvoice(ctx, await addClient(ctx, 'Acme Ltd', 'billing@acme.example'), 'INV-1');
	const parameters: INodeParameters = { resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'billing@acme.example', rateLimits: { longestWait: 0 } };
	// the first guard read is refused, and the node does not wait (longest wait 0)
	ctx.sandbox.injectFault({ kind: 'status', status: 429, message: 'Slow down.', method: 'GET', path: `/v1/invoice/${invoice}`, count: 1 });
	ctx.sandbox.clearRequests();
	const result = await runNode({ credentials: ctx.credentials, parameters, items: [{}, {}, {}], continueOnFail });
	const sends = ctx.sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/v1/invoice/send');
	return { result, sends: sends.length, log: ctx.sandbox.state().invoices[0].send_log.length };
};

describe('a run that stops at a failed item', () => {
	test('Continue On Fail off: the items waiting behind the failed one send nothing; the node reports the first failure', async () => {
		const { result, sends, log } = await sendThrice(false);
		expect(result.error?.message).toMatch(/^Send Invoice "\d+" \(item 0\), reading \/invoice\/\d+ first \(nothing written\), failed \(HTTP 429\): Slow down\.$/);
		expect([sends, log]).toEqual([0, 0]);
	});

	test('Continue On Fail on: the failed item carries its error, the next sends, the third is skipped as sent', async () => {
		const { result, sends, log } = await sendThrice(true);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => (item.json.error === undefined ? (item.json.skipped === true ? 'skipped' : 'sent') : 'error'))).toEqual(['error', 'sent', 'skipped']);
		expect([sends, log]).toEqual([1, 1]);
	});
});

describe('a run in batches that stops at a failed item (Request Options > Batching)', () => {
	test('Continue On Fail off, one item every 100 ms: item 0 fails at once; the later batches, started after it, send nothing', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const invoices = [await addInvoice(ctx, client, 'INV-1'), await addInvoice(ctx, client, 'INV-2'), await addInvoice(ctx, client, 'INV-3')];
		const parameters: INodeParameters = {
			resource: 'invoice',
			operation: 'send',
			invoiceId: byId('={{ $json.invoice }}'),
			email: 'billing@acme.example',
			rateLimits: { longestWait: 0 },
			requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 100 } } },
		};
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: 'Slow down.', method: 'GET', path: `/v1/invoice/${invoices[0]}`, count: 1 });
		ctx.sandbox.clearRequests();
		// n8n's engine handles an item's rejection only after its batches' pauses (harness/engine-rejections)
		const result = await withEngineRejectionsHandled(
			async () => await runNode({ credentials: ctx.credentials, parameters, items: invoices.map((invoice) => ({ invoice })), continueOnFail: false }),
		);
		expect(result.error?.message).toMatch(/^Send Invoice "\d+" \(item 0\), reading \/invoice\/\d+ first \(nothing written\), failed \(HTTP 429\): Slow down\.$/);
		expect(ctx.sandbox.requests().filter((r) => r.method === 'POST')).toEqual([]);
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.send_log.length)).toEqual([0, 0, 0]);
	});
});
