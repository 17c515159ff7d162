import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECENT_READ_MS, setRecentReadWindow } from '../../nodes/Invoicing/helpers/request/recent-reads';
import { addClient, addInvoice, byId, useEngineFixture } from './fixture';

/**
 * What serving a guard from the process's recent reads costs across processes (docs/design.md, "Reads served from
 * memory"): a like payment another process (a queue worker) recorded after this process's read and before its
 * write is not seen by the guard, so it is not skipped; the read after the write, never served, finds both and the
 * item fails naming them, as for two executions whose guards looked at the same moment.
 */
// the real clock: the payment guard and the twin check compare the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

// a busy machine must not decide which reads are served (the window itself: recent-reads.test.ts)
beforeAll(() => setRecentReadWindow(10_000));
afterAll(() => setRecentReadWindow(RECENT_READ_MS));

const pay = (id: string): INodeParameters => ({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: 40 });

test('a payment another process recorded since the read is reported by the twin check, never recorded unseen', async () => {
	const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
	const invoice = await addInvoice(ctx, client, 'INV-1');
	const sent = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'billing@acme.example' });
	expect(sent.error).toBeUndefined();
	// another n8n process records the payment between this process's read after the send and its own payment
	const elsewhere = await ctx.run(pay(invoice), { worker: 1 });
	expect(elsewhere.items[0].json).toEqual(expect.objectContaining({ amount_paid: 40 }));
	ctx.sandbox.clearRequests();
	const here = await ctx.run(pay(invoice), { continueOnFail: true });
	// served: Send's read after the send, which the other payment is not in
	expect(ctx.sent().map((r) => `${r.method} ${r.path.replace(/^\/v1/, '')}`)).toEqual(['POST /invoice/record-payment', `GET /invoice/${invoice}`]);
	const error = String((here.items[0].json as IDataObject).error);
	expect(error).toContain('the payment was recorded, and so was another payment of 40.00');
	expect(ctx.sandbox.state().invoices[0].payments).toHaveLength(2);
});
