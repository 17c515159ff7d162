import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { todayIn } from '../../nodes/shared/dates';
import { byId, form, useEngineFixture } from './fixture';

/**
 * Record Payment of version 2 against version 1: Payment Date today in the workflow's time zone, Amount "the
 * outstanding balance" read from the invoice the guard reads anyway (refused when it is 0 on an invoice not Paid;
 * a Paid invoice skipped under If Already Paid = Skip, as before). Version 1 asks for both, as before.
 */
const ctx = useEngineFixture();

async function invoiceOf(total: number, invoiceNo = 'INV-1005'): Promise<string> {
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

const pay = (id: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), ...extra });
const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);
const payments = () => ctx.sandbox.state().invoices.map((invoice) => invoice.payments.map((payment) => payment.amount));

/** A time zone whose date differs from UTC's now (at any hour one of them does): "today" must be the workflow's. */
const ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => todayIn(zone) !== todayIn('UTC')) as string;

describe('Record Payment of version 2 as first placed: today, the outstanding balance', () => {
	test("with nothing set it records the outstanding balance, dated today in the workflow's time zone", async () => {
		const id = await invoiceOf(360);
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-01-02', amount_paid: 60.25 });
		const result = await ctx.run(pay(id), { typeVersion: 2, timezone: ZONE });
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map((r) => [r.method, r.path, r.rawBody])).toEqual([
			['GET', `/v1/invoice/${id}`, ''],
			['POST', '/v1/invoice/record-payment', form([['id', id], ['payment_date', todayIn(ZONE)], ['amount_paid', '299.75']])],
			['GET', `/v1/invoice/${id}`, ''],
		]);
		expect(result.items.map((item) => [item.json.payment_status, item.json.amount_paid, item.json.outstanding_balance])).toEqual([['Paid', 360, 0]]);
		expect(payments()).toEqual([[60.25, 299.75]]);
	});

	test('run again, the invoice Paid: skipped as in version 1 (If Already Paid = Skip), nothing recorded', async () => {
		const id = await invoiceOf(360);
		await ctx.run(pay(id), { typeVersion: 2 });
		const again = await ctx.run(pay(id), { typeVersion: 2 });
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => [item.json.skipped, item.json.message])).toEqual([[true, 'Not recorded: the invoice "INV-1005" is already Paid.']]);
		expect(requests()).toEqual([`GET /v1/invoice/${id}`]);
		expect(payments()).toEqual([[360]]);
	});

	test('a balance of 0 on an invoice not Paid is refused after the read, naming the invoice, and nothing is recorded', async () => {
		const id = await invoiceOf(0, 'INV-0');
		const result = await ctx.run(pay(id), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			`Record Payment Invoice "INV-0" (item 0): "Amount" is the outstanding balance, and the invoice "INV-0" has 0.00 to pay (payment status "Not Paid"): no payment recorded`,
		);
		expect(requests()).toEqual([`GET /v1/invoice/${id}`]);
		expect(payments()).toEqual([[]]);
	});

	test('with If Already Paid = Record Anyway a Paid invoice has no balance to record: refused, nothing recorded', async () => {
		const id = await invoiceOf(50, 'INV-8');
		await ctx.api('POST', '/invoice/record-payment', { id, payment_date: '2026-03-01', amount_paid: 50 });
		const result = await ctx.run(pay(id, { paymentOptions: { ifPaid: 'record' } }), { typeVersion: 2 });
		expect(result.error?.message).toContain('"Amount" is the outstanding balance, and the invoice "INV-8" has 0.00 to pay (payment status "Paid")');
		expect(payments()).toEqual([[50]]);
	});

	test('Amount "Amount Paid" records the amount entered; a Payment Date set is sent as set', async () => {
		const id = await invoiceOf(360);
		const result = await ctx.run(pay(id, { paymentAmount: 'given', amountReceived: 100, paymentDay: '2026-03-05' }), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(ctx.sent()[1].rawBody).toBe(form([['id', id], ['payment_date', '2026-03-05'], ['amount_paid', '100']]));
		expect(payments()).toEqual([[100]]);
	});

	test('Amount "Amount Paid" left at 0 on an invoice not Paid is refused as in version 1', async () => {
		const id = await invoiceOf(50, 'INV-7');
		const result = await ctx.run(pay(id, { paymentAmount: 'given' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(`Record Payment Invoice "INV-7" (item 0): "Amount Paid" must be more than 0, got 0: enter the amount received, e.g. 50`);
		expect(payments()).toEqual([[]]);
	});
});

describe('Record Payment of version 1: unchanged', () => {
	test('with nothing set n8n refuses the run: Payment Date is required and empty, nothing is sent', async () => {
		const id = await invoiceOf(360);
		const result = await ctx.run(pay(id));
		expect(result.error?.message).toContain('Parameter "Payment Date" is required.');
		expect(ctx.sent()).toEqual([]);
	});

	test('with a date and no amount, the 0 is refused after the read, as before (no balance is taken for it)', async () => {
		const id = await invoiceOf(360);
		const result = await ctx.run(pay(id, { paymentDate: '2026-03-05' }));
		expect(result.error?.message).toBe(`Record Payment Invoice "INV-1005" (item 0): "Amount Paid" must be more than 0, got 0: enter the amount received, e.g. 50`);
		expect(requests()).toEqual([`GET /v1/invoice/${id}`]);
		expect(payments()).toEqual([[]]);
	});

	test('a version 1 node never reads a Payment Amount choice saved on it: the amount typed is sent', async () => {
		const id = await invoiceOf(360);
		const result = await ctx.run(pay(id, { paymentDate: '2026-03-05', amountPaid: 40, paymentAmount: 'balance' }));
		expect(result.error).toBeUndefined();
		expect(ctx.sent()[1].rawBody).toBe(form([['id', id], ['payment_date', '2026-03-05'], ['amount_paid', '40']]));
	});
});
