import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

/**
 * With Continue On Fail off, n8n shows the error of the first failed item alone. A twin payment or e-mail that
 * another item of the run reported (it was made, and another process made one at the same moment) must not vanish
 * behind that error: the shown error carries it (most counter-examples the scenarios across two processes found
 * were such reports, lost behind another item's failure).
 */
// the real clock: the payment guard and the twin check compare the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

const pay = (amount: number): INodeParameters => ({
	resource: 'invoice',
	operation: 'recordPayment',
	invoiceId: byId('={{ $json.invoice }}'),
	paymentDate: '2026-03-05',
	amountPaid: amount,
});

test('Continue On Fail off: the error n8n shows names the twin payment another item of the run reported', async () => {
	const invoice = await addInvoice(ctx, await addClient(ctx, 'Acme Ltd', 'billing@acme.example'), 'INV-1');
	// both processes' guard reads are answered together, before either payment is written
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, method: 'GET', path: `/v1/invoice/${invoice}`, count: 2 });
	// item 0 names an invoice the service does not hold; it fails once item 1 has written and met the twin
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_200, method: 'GET', path: '/v1/invoice/404404', count: 1 });
	const [here, elsewhere] = await Promise.all([
		runNode({ credentials: ctx.credentials, parameters: pay(40), items: [{ invoice: '404404' }, { invoice }], continueOnFail: false }),
		runNode({ credentials: ctx.credentials, parameters: pay(40), items: [{ invoice }], continueOnFail: false, worker: 1 }),
	]);
	expect(ctx.sandbox.state().invoices[0].payments).toHaveLength(2);
	expect(elsewhere.error?.message).toContain('(item 0): the payment was recorded, and so was another payment of 40.00');
	expect(here.error?.message).toMatch(/^Record Payment Invoice "404404" \(item 0\)/);
	expect(here.error?.description).toMatch(
		/Meanwhile in this run, which stops at this item: Record Payment Invoice "INV-1" \(item 1\): the payment was recorded, and so was another payment of 40\.00/,
	);
});

test('Continue On Fail on: each item carries its own report, no other', async () => {
	const invoice = await addInvoice(ctx, await addClient(ctx, 'Acme Ltd', 'billing@acme.example'), 'INV-1');
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, method: 'GET', path: `/v1/invoice/${invoice}`, count: 2 });
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_200, method: 'GET', path: '/v1/invoice/404404', count: 1 });
	const [here] = await Promise.all([
		runNode({ credentials: ctx.credentials, parameters: pay(40), items: [{ invoice: '404404' }, { invoice }], continueOnFail: true }),
		runNode({ credentials: ctx.credentials, parameters: pay(40), items: [{ invoice }], continueOnFail: true, worker: 1 }),
	]);
	const errors = here.items.map((item) => String((item.json as IDataObject).error ?? ''));
	expect(errors[1]).toContain('the payment was recorded, and so was another payment of 40.00');
	expect(here.items[0].error?.description ?? '').not.toContain('Meanwhile');
});
