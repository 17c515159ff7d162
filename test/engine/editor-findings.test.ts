import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, form, useEngineFixture } from './fixture';

/** What a first-time user met in the editor (issue 21 item 6): the node's side of each finding. */
const ctx = useEngineFixture();

const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((item) => item.json);

async function newClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(client: string, invoiceNo: string): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', {
		client,
		invoice_no: invoiceNo,
		payment_status: 'Not Paid',
		currency: 'USD',
		items: [{ description: 'Work', quantity: 2, rate: 50 }],
	});
	return (body.invoice as IDataObject[])[0].id as string;
}

const createInvoice = (client: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-7',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 2, rate: 50 }] },
	additionalFields: { currency: 'USD' },
	...extra,
});

describe('Record Payment: an amount of 0 or less is refused as typed, never changed', () => {
	test('-50 and 0 fail their items naming item, field and fix, nothing sent for them; Continue On Fail keeps the 50', async () => {
		const client = await newClient();
		const ids = [await newInvoice(client, 'INV-1'), await newInvoice(client, 'INV-2'), await newInvoice(client, 'INV-3')];
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId('={{ $json.id }}'), paymentDate: '2026-03-05', amountPaid: '={{ $json.amount }}' },
			{
				items: [
					{ id: ids[0], amount: -50 },
					{ id: ids[1], amount: 50 },
					{ id: ids[2], amount: 0 },
				],
				continueOnFail: true,
			},
		);
		expect(result.items.map((item) => item.json.error ?? item.json.amount_paid)).toEqual([
			`Record Payment Invoice "${ids[0]}" (item 0): "Amount Paid" must be more than 0, got -50: enter the amount received, e.g. 50`,
			50,
			`Record Payment Invoice "INV-3" (item 2): "Amount Paid" must be more than 0, got 0: enter the amount received, e.g. 50`,
		]);
		// only the 50 went out: its guard read, the payment, the read of the new state; the 0's guard read only
		// (on a Paid invoice a 0 would be a re-run's outstanding balance, skipped)
		expect(ctx.sent().map((r) => `${r.method} ${r.path} ${r.rawBody}`)).toEqual([
			`GET /v1/invoice/${ids[1]} `,
			`GET /v1/invoice/${ids[2]} `,
			`POST /v1/invoice/record-payment ${form([
				['id', ids[1]],
				['payment_date', '2026-03-05'],
				['amount_paid', '50'],
			])}`,
			`GET /v1/invoice/${ids[1]} `,
		]);
		expect(ctx.sandbox.state().invoices.map((i) => i.payments.map((p) => p.amount))).toEqual([[], [50], []]);
	});

	test('without Continue On Fail the run stops on the item, with what to do', async () => {
		const result = await ctx.run({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId('1'), paymentDate: '2026-03-05', amountPaid: -50 });
		expect(result.error?.message).toBe('Record Payment Invoice "1" (item 0): "Amount Paid" must be more than 0, got -50: enter the amount received, e.g. 50');
		expect(result.error?.description).toBe('Nothing was sent. A payment records money received; the node never changes the sign of an amount you typed.');
		expect(ctx.sent()).toEqual([]);
	});
});

describe('one record, one type per key: "Amounts as Numbers" on every operation that outputs the record', () => {
	test('off (as saved): Create gives the service\'s text; on: numbers, as Send and Record Payment give them', async () => {
		const client = await newClient();
		const [asSaved] = jsons(await ctx.run(createInvoice(client, { ifExists: 'create' })));
		expect([asSaved.amount_paid, asSaved.outstanding_balance, asSaved.total, asSaved.sub_total, asSaved.tax_amount]).toEqual(['0.00', '100.00', 100, 100, 0]);
		const [numbers] = jsons(await ctx.run(createInvoice(client, { ifExists: 'create', invoiceNo: 'INV-8', amountsAsNumbers: true })));
		expect([numbers.amount_paid, numbers.outstanding_balance, numbers.total, numbers.sub_total, numbers.tax_amount]).toEqual([0, 100, 100, 100, 0]);
		const [paid] = jsons(await ctx.run({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(String(numbers.id)), paymentDate: '2026-03-05', amountPaid: 40 }));
		expect([typeof paid.amount_paid, typeof paid.outstanding_balance, typeof paid.total]).toEqual(['number', 'number', 'number']);
	});

	test('Update, Create or Update and an expense\'s Create honour it too', async () => {
		const client = await newClient();
		const id = await newInvoice(client, 'INV-7');
		const [updated] = jsons(
			await ctx.run({ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', updateFields: { note: 'x' }, amountsAsNumbers: true }),
		);
		expect([updated.amount_paid, updated.outstanding_balance]).toEqual([0, 100]);
		const [upserted] = jsons(await ctx.run(createInvoice(client, { operation: 'upsert', amountsAsNumbers: true })));
		expect([upserted.action, upserted.amount_paid, upserted.total]).toEqual(['updated', 0, 100]);
		const [expense] = jsons(
			await ctx.run({ resource: 'expense', operation: 'create', description: 'Taxi', issueDate: '2026-03-05', amount: 12.5, currency: 'USD', amountsAsNumbers: true }),
		);
		expect(expense.amount).toBe(12.5);
	});
});

describe('Create or Update says when the Payment Status asked for was not applied', () => {
	test('Not Paid on a Paid invoice: kept Paid, and the item names the status asked for and why', async () => {
		const client = await newClient();
		const id = await newInvoice(client, 'INV-7');
		await ctx.api('GET', `/invoice/paid/${id}`);
		const [item] = jsons(await ctx.run(createInvoice(client, { operation: 'upsert' })));
		expect(item).toEqual(
			expect.objectContaining({
				id,
				action: 'updated',
				payment_status: 'Paid',
				requested_payment_status: 'Not Paid',
				payment_status_note:
					'Payment Status "Not Paid" was not applied: the invoice stays "Paid" because "Payment Status of an Existing Invoice" is "Mark Paid Only". Set it to "Set as Above" to apply it.',
			}),
		);
		expect(ctx.sent().find((r) => r.method === 'PUT')?.rawBody).toContain('payment_status=Paid');
	});

	test('applied as asked (Paid, or Set as Above): no such keys', async () => {
		const client = await newClient();
		const id = await newInvoice(client, 'INV-7');
		await ctx.api('GET', `/invoice/paid/${id}`);
		const [set] = jsons(await ctx.run(createInvoice(client, { operation: 'upsert', existingPaymentStatus: 'set' })));
		expect([set.payment_status, 'requested_payment_status' in set, 'payment_status_note' in set]).toEqual(['Not Paid', false, false]);
		const [paid] = jsons(await ctx.run(createInvoice(client, { operation: 'upsert', paymentStatus: 'Paid' })));
		expect([paid.payment_status, 'requested_payment_status' in paid]).toEqual(['Paid', false]);
	});
});
