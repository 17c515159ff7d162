import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, form, useEngineFixture } from './fixture';
import { runNode, type NodeRunResult } from './harness/run-node';

/**
 * Issue 43 item 3: Next in Sequence takes a Re-Run Key the user names (the order's id from the shop or CRM),
 * written into the document as a last line "Ref: <key>"; a re-run finds the document by it. Create From Estimate
 * (and Convert to Invoice) is keyed on its estimate: a re-run with other dates finds the invoice.
 */
const ctx = useEngineFixture();

async function createClient(names = 'Globex'): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names });
	return (body.data as IDataObject[])[0].id as string;
}

async function createEstimate(client: string): Promise<string> {
	const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-12', note: 'Valid 30 days', items: [{ description: 'Audit', quantity: 3, rate: 33.33 }] });
	return (body.estimate as IDataObject[])[0].id as string;
}

/** Create Invoice, Next in Sequence, one row per item: its client, one line, the order's id as the Re-Run Key. */
const keyedInvoice = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	numbering: 'next',
	numberPrefix: 'INV-',
	numberDigits: 4,
	rerunKey: '={{ $json.order }}',
	client: byId('={{ $json.client }}'),
	paymentStatus: 'Not Paid',
	itemsMode: 'json',
	itemsJson: '={{ [{ description: "Widget", quantity: 2, rate: 25 }] }}',
	additionalFields: { issueDate: '2026-01-15', note: 'Thank you' },
	...extra,
});

const convert = (estimate: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'estimate',
	operation: 'convertToInvoice',
	estimateId: byId(estimate),
	numbering: 'next',
	numberPrefix: 'INV-',
	...extra,
});

const numbers = () => ctx.sandbox.state().invoices.map((invoice) => invoice.invoice_no);
const posts = () => ctx.sent().filter((r) => r.method === 'POST');
const summary = (result: NodeRunResult) => result.items.map((i) => [i.json.action, i.json.invoice_no, i.json.rerun_key, i.json.matched_by]);

describe('Re-Run Key of Next in Sequence', () => {
	test('two equal orders of one client on one day, two runs with different keys: two invoices, each key written as the note\'s last line', async () => {
		const client = await createClient();
		const first = await ctx.run(keyedInvoice(), { items: [{ client, order: 'order-1001' }] });
		expect(posts().map((r) => r.rawBody)).toEqual([
			form([
				['client', client],
				['invoice_no', 'INV-0001'],
				['payment_status', 'Not Paid'],
				['issue_date', '2026-01-15'],
				['note', 'Thank you\nRef: order-1001'],
				['items[0][description]', 'Widget'],
				['items[0][quantity]', '2'],
				['items[0][rate]', '25'],
			]),
		]);
		const second = await ctx.run(keyedInvoice(), { items: [{ client, order: 'order-1002' }] });
		expect([...summary(first), ...summary(second)]).toEqual([
			['created', 'INV-0001', 'order-1001', undefined],
			['created', 'INV-0002', 'order-1002', undefined],
		]);
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.note)).toEqual(['Thank you\nRef: order-1001', 'Thank you\nRef: order-1002']);
	});

	test('the same key in a re-run, on another day: nothing made, the invoice found by its key (matched_by "key")', async () => {
		const client = await createClient();
		await ctx.run(keyedInvoice(), { items: [{ client, order: 'order-1001' }, { client, order: 'order-1002' }] });
		const again = await ctx.run(keyedInvoice({ additionalFields: { issueDate: '2026-01-16', note: 'Thank you' } }), {
			items: [{ client, order: 'order-1002' }, { client, order: 'order-1001' }],
		});
		expect(again.error).toBeUndefined();
		expect(posts()).toEqual([]);
		expect(summary(again)).toEqual([
			['existing', 'INV-0002', 'order-1002', 'key'],
			['existing', 'INV-0001', 'order-1001', 'key'],
		]);
		expect(again.items[0].json.action_reason).toMatch(/^Found, not created: the invoice "INV-0002" \(id \d+\) carries the Re-Run Key "order-1002" \(Numbering: Next in Sequence\)/);
		expect(numbers()).toEqual(['INV-0001', 'INV-0002']);
	});

	test('two rows of one key in one run make one invoice; the key written in the description when chosen', async () => {
		const client = await createClient();
		const result = await ctx.run(keyedInvoice({ rerunKeyField: 'description', additionalFields: { issueDate: '2026-01-15' } }), {
			items: [{ client, order: 'A-7' }, { client, order: 'A-7' }],
		});
		expect(summary(result)).toEqual([
			['created', 'INV-0001', 'A-7', undefined],
			['existing', 'INV-0001', 'A-7', 'key'],
		]);
		expect(posts().map((r) => r.rawBody)).toEqual([
			form([
				['client', client],
				['invoice_no', 'INV-0001'],
				['payment_status', 'Not Paid'],
				['issue_date', '2026-01-15'],
				['items[0][description]', 'Widget'],
				['items[0][quantity]', '2'],
				['items[0][rate]', '25'],
				['description', 'Ref: A-7'],
			]),
		]);
	});

	test('one key delivered to two processes at once, with other issue dates: one invoice (the twins converge on the key, not the content)', async () => {
		const client = await createClient();
		ctx.sandbox.setLimits({ serviceTimeMs: 100 });
		try {
			const results = await Promise.all(
				[0, 1].map((worker) =>
					runNode({
						credentials: ctx.credentials,
						parameters: keyedInvoice({ additionalFields: { issueDate: `2026-01-1${5 + worker}`, note: 'Thank you' } }),
						items: [{ client, order: 'order-9' }],
						worker,
						continueOnFail: true,
					}),
				),
			);
			expect(results.flatMap((r) => r.items.map((i) => i.json.error)).filter((e) => e !== undefined)).toEqual([]);
			expect(new Set(results.map((r) => r.items[0].json.id)).size).toBe(1);
		} finally {
			ctx.sandbox.setLimits({});
		}
		expect(ctx.sandbox.state().invoices.map((invoice) => [invoice.invoice_no, invoice.note])).toEqual([['INV-0001', 'Thank you\nRef: order-9']]);
	});
});

describe('Update of a keyed document', () => {
	test('Update replaces the note\'s text and keeps its Re-Run Key line: a re-run still finds the invoice', async () => {
		const client = await createClient();
		const made = await ctx.run(keyedInvoice(), { items: [{ client, order: 'order-1001' }] });
		const id = String(made.items[0].json.id);
		const update = (note: string): INodeParameters => ({ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', updateFields: { note } });
		await ctx.run(update('Paid by card'));
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.note)).toEqual(['Paid by card\nRef: order-1001']);
		const again = await ctx.run(keyedInvoice({ additionalFields: { issueDate: '2026-01-16' } }), { items: [{ client, order: 'order-1001' }] });
		expect(summary(again)).toEqual([['existing', 'INV-0001', 'order-1001', 'key']]);
		// new text ending with a key line of its own is sent as given
		await ctx.run(update('Moved\nRef: order-2002'));
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.note)).toEqual(['Moved\nRef: order-2002']);
	});
});

describe('Create From Estimate keyed on its estimate', () => {
	test('Convert to Invoice run twice with different issue dates: one invoice, found by its estimate', async () => {
		const estimate = await createEstimate(await createClient());
		const first = await ctx.run(convert(estimate, { invoiceOverrides: { issueDate: '2026-01-15' } }));
		const second = await ctx.run(convert(estimate, { invoiceOverrides: { issueDate: '2026-02-01' } }));
		expect(second.error).toBeUndefined();
		expect([...summary(first), ...summary(second)]).toEqual([
			['created', 'INV-0001', undefined, undefined],
			['existing', 'INV-0001', undefined, 'estimate'],
		]);
		expect(posts()).toEqual([]);
		expect(numbers()).toEqual(['INV-0001']);
	});

	test('If Estimate Already Invoiced "Create Another": two invoices from one estimate', async () => {
		const estimate = await createEstimate(await createClient());
		const first = await ctx.run(convert(estimate, { ifEstimateInvoiced: 'createAnother' }));
		const second = await ctx.run(convert(estimate, { ifEstimateInvoiced: 'createAnother' }));
		expect([...summary(first), ...summary(second)]).toEqual([
			['created', 'INV-0001', undefined, undefined],
			['created', 'INV-0002', undefined, undefined],
		]);
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.description)).toEqual(['Estimate EST-12', 'Estimate EST-12']);
	});

	test('a Re-Run Key on Create From Estimate is the key: written after the estimate\'s note, found again by it', async () => {
		const estimate = await createEstimate(await createClient());
		const parameters: INodeParameters = { resource: 'invoice', operation: 'createFromEstimate', fromEstimate: byId(estimate), numbering: 'next', numberPrefix: 'INV-', rerunKey: 'deal-5' };
		const first = await ctx.run(parameters);
		const second = await ctx.run({ ...parameters, invoiceOverrides: { issueDate: '2026-03-01' } });
		expect([...summary(first), ...summary(second)]).toEqual([
			['created', 'INV-0001', 'deal-5', undefined],
			['existing', 'INV-0001', 'deal-5', 'key'],
		]);
		expect(ctx.sandbox.state().invoices.map((invoice) => [invoice.description, invoice.note])).toEqual([['Estimate EST-12', 'Valid 30 days\nRef: deal-5']]);
	});
});
