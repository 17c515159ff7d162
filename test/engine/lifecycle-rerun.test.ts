import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

// The real clock: the send and payment guards compare the service's timestamps with now.
const ctx = useEngineFixture({ deterministic: false });

const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((item) => item.json);

const ITEMS = { item: [{ description: 'Work', quantity: 2, rate: 50 }] };

async function newClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	return (body.data as IDataObject[])[0].id as string;
}

const createInvoice = (client: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'NEWCOMER-002',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: ITEMS,
	additionalFields: { currency: 'USD' },
	...extra,
});

/** Create Invoice -> Send -> Record Payment, as example 1 chains them. */
async function chain(client: string) {
	const created = await ctx.run(createInvoice(client));
	expect(created.error).toBeUndefined();
	const [invoice] = jsons(created);
	const id = String(invoice.id);
	const sent = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: 'billing@acme.example' });
	expect(sent.error).toBeUndefined();
	const paid = await ctx.run({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: invoice.total as number });
	expect(paid.error).toBeUndefined();
	return { created: invoice, sent: jsons(sent)[0], paid: jsons(paid)[0] };
}

describe('re-running create -> send -> record payment', () => {
	test('three runs: one invoice, one send, one payment, status Paid; the re-runs find the invoice identical', async () => {
		const client = await newClient();
		const runs = [await chain(client), await chain(client), await chain(client)];
		expect(runs.map((r) => [r.created.action, r.created.payment_status, r.sent.skipped ?? false, r.paid.skipped ?? false])).toEqual([
			['created', 'Not Paid', false, false],
			['existing', 'Paid', true, true],
			['existing', 'Paid', true, true],
		]);
		const [invoice] = ctx.sandbox.state().invoices;
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
		expect([invoice.payment_status, invoice.payments.map((p) => p.amount), invoice.send_log.map((s) => s.email)]).toEqual(['Paid', [100], ['billing@acme.example']]);
	});

	test('Create or Update of a paid invoice keeps it Paid unless the user asks otherwise', async () => {
		const client = await newClient();
		const { created } = await chain(client);
		const upsert = (extra: INodeParameters) => ctx.run(createInvoice(client, { operation: 'upsert', ...extra }));
		const state = () => {
			const [invoice] = ctx.sandbox.state().invoices;
			return [invoice.payment_status, invoice.payments.length];
		};
		// the default Payment Status (Not Paid) and the default for an existing invoice: still Paid
		expect(jsons(await upsert({}))[0]).toEqual(expect.objectContaining({ id: created.id, action: 'updated', payment_status: 'Paid', amount_paid: '100.00', outstanding_balance: '0.00' }));
		expect(ctx.sent().find((r) => r.method === 'PUT')?.rawBody).toContain('payment_status=Paid');
		expect(state()).toEqual(['Paid', 1]);
		expect(jsons(await upsert({ existingPaymentStatus: 'keep', paymentStatus: 'Not Paid' }))[0].payment_status).toBe('Paid');
		// on purpose: Set as Above
		expect(jsons(await upsert({ existingPaymentStatus: 'set' }))[0].payment_status).toBe('Not Paid');
		// Paid marks it Paid with the default; Keep Current does not
		expect(jsons(await upsert({ existingPaymentStatus: 'keep', paymentStatus: 'Paid' }))[0].payment_status).toBe('Not Paid');
		expect(jsons(await upsert({ paymentStatus: 'Paid' }))[0].payment_status).toBe('Paid');
		// a new invoice takes Payment Status as given
		expect(jsons(await upsert({ invoiceNo: 'NEW-1', existingPaymentStatus: 'keep' }))[0]).toEqual(expect.objectContaining({ action: 'created', payment_status: 'Not Paid' }));
	});

	test('an estimate accepted by a later step is still found identical by a re-run of its create', async () => {
		const client = await newClient();
		const create: INodeParameters = { resource: 'estimate', operation: 'create', client: byId(client), estimateNo: 'EST-9', itemsMode: 'define', items: ITEMS };
		const [first] = jsons(await ctx.run(create));
		await ctx.run({ resource: 'estimate', operation: 'update', estimateId: byId(String(first.id)), itemsMode: 'keep', updateFields: { accepted: 'True' } });
		const again = await ctx.run(create);
		expect(again.error).toBeUndefined();
		expect(jsons(again)[0]).toEqual(expect.objectContaining({ id: first.id, accepted: 'True', action: 'existing' }));
		expect(ctx.sandbox.state().estimates).toHaveLength(1);
	});

	test('a real difference is still an error, and its hint points only at actions that change what was asked', async () => {
		const client = await newClient();
		await chain(client);
		const result = await ctx.run(createInvoice(client, { items: { item: [{ description: 'Work', quantity: 3, rate: 50 }] } }));
		expect(result.error?.message).toMatch(/^Create Invoice "NEWCOMER-002" \(item 0\): The invoice "NEWCOMER-002" \(id \d+\) already exists with other values \(items\): not created again$/);
		expect(ctx.sandbox.state().invoices[0].payment_status).toBe('Paid');
	});
});
