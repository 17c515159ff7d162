import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

/**
 * A re-run of "pay what is due" never stops its workflow on what the first run did: the outstanding balance of a
 * Paid invoice is 0, and If Already Paid = Skip makes that payment a skip before its amount is checked.
 */
const ctx = useEngineFixture();

async function invoiceOf(total: number, invoiceNo: string): Promise<string> {
	const client = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	const body = await ctx.api('POST', '/invoice/add', {
		client: (client.data as IDataObject[])[0].id,
		invoice_no: invoiceNo,
		payment_status: 'Not Paid',
		currency: 'USD',
		items: [{ description: 'Work', quantity: 1, rate: total }],
	});
	return (body.invoice as IDataObject[])[0].id as string;
}

const payWhatIsDue = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'recordPayment',
	invoiceId: byId('={{ $json.id }}'),
	paymentDate: '2026-03-05',
	amountPaid: '={{ $json.outstanding_balance }}',
	paymentOptions: options,
});

const payments = () => ctx.sandbox.state().invoices.map((invoice) => invoice.payments.map((payment) => payment.amount));

describe('Record Payment of the outstanding balance, run again', () => {
	test('the second run skips the Paid invoice (its balance is 0) and the workflow goes on', async () => {
		const id = await invoiceOf(360, 'INV-1005');
		const first = await ctx.run(payWhatIsDue(), { items: [{ id, outstanding_balance: 360 }] });
		expect(first.items.map((item) => [item.json.amount_paid, item.json.skipped])).toEqual([[360, undefined]]);

		const second = await ctx.run(payWhatIsDue(), { items: [{ id, outstanding_balance: 0 }] });
		expect(second.error).toBeUndefined();
		expect(second.items.map((item) => [item.json.skipped, item.json.message])).toEqual([[true, 'Not recorded: the invoice "INV-1005" is already Paid.']]);
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/invoice/${id}`]);
		expect(payments()).toEqual([[360]]);
	});

	test('a 0 on an invoice not yet Paid is refused after the read that tells, naming the invoice by the number read; nothing is recorded', async () => {
		const id = await invoiceOf(50, 'INV-7');
		const result = await ctx.run(payWhatIsDue(), { items: [{ id, outstanding_balance: 0 }] });
		expect(result.error?.message).toBe(`Record Payment Invoice "INV-7" (item 0): "Amount Paid" must be more than 0, got 0: enter the amount received, e.g. 50`);
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/invoice/${id}`]);
		expect(payments()).toEqual([[]]);
	});

	test.each(['record', 'error'])('with If Already Paid = %s a 0 is refused before any request', async (ifPaid) => {
		const id = await invoiceOf(50, 'INV-8');
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-03-01', amount_paid: 50 });
		const result = await ctx.run(payWhatIsDue({ ifPaid }), { items: [{ id, outstanding_balance: 0 }] });
		expect(result.error?.message).toBe(`Record Payment Invoice "${id}" (item 0): "Amount Paid" must be more than 0, got 0: enter the amount received, e.g. 50`);
		expect(ctx.sent()).toEqual([]);
		expect(payments()).toEqual([[50]]);
	});

	test('a negative amount is refused before any request, even on a Paid invoice', async () => {
		const id = await invoiceOf(50, 'INV-9');
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-03-01', amount_paid: 50 });
		const result = await ctx.run({ ...payWhatIsDue(), amountPaid: -50 }, { items: [{ id }] });
		expect(result.error?.message).toBe(`Record Payment Invoice "${id}" (item 0): "Amount Paid" must be more than 0, got -50: enter the amount received, e.g. 50`);
		expect(ctx.sent()).toEqual([]);
		expect(payments()).toEqual([[50]]);
	});
});
