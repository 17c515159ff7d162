import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { todayIn } from '../../nodes/shared/dates';
import { addDays } from '../../nodes/Invoicing/helpers/guards/writes/from-estimate';
import { byId, byNumber, form, useEngineFixture } from './fixture';
import { TriggerUnderTest } from './harness/poll-trigger';

const ctx = useEngineFixture();

/** The day the node takes for "today" (the workflow's time zone, UTC here); the sandbox's clock is fixed but the node's is not. */
const TODAY = todayIn('UTC');

async function createClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Globex', phone: '+44 20 7946 0000' });
	return (body.data as IDataObject[])[0].id as string;
}

/** An estimate whose amounts need every cent: 3 x 33.33 and 0.5 x 19.99 at 7.25% tax. */
async function createEstimate(client: string, estimateNo = 'EST-12', accepted = 'False'): Promise<string> {
	const body = await ctx.api('POST', '/estimate/add', {
		client,
		estimate_no: estimateNo,
		accepted,
		currency: 'GBP',
		tax_rate: 7.25,
		note: 'Valid 30 days',
		description: 'Q1 audit',
		items: [
			{ description: 'Audit', quantity: 3, rate: 33.33 },
			{ description: 'Travel', quantity: 0.5, rate: 19.99 },
		],
	});
	return (body.estimate as IDataObject[])[0].id as string;
}

const fromEstimate = (estimate: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'createFromEstimate',
	fromEstimate: estimate as INodeParameters['fromEstimate'],
	invoiceNo: 'INV-12',
	...extra,
});

const invoiceForm = (client: string, extra: Array<[string, string]> = []) =>
	form([
		['client', client],
		['invoice_no', 'INV-12'],
		['payment_status', 'Not Paid'],
		['currency', 'GBP'],
		['tax_rate', '7.25'],
		['note', 'Valid 30 days'],
		...extra,
		['issue_date', TODAY],
		['due_date', addDays(TODAY, 30)],
		['items[0][description]', 'Audit'],
		['items[0][quantity]', '3'],
		['items[0][rate]', '33.33'],
		['items[1][description]', 'Travel'],
		['items[1][quantity]', '0.5'],
		['items[1][rate]', '19.99'],
	]);

async function invoicesOf(client: string): Promise<IDataObject[]> {
	return (await ctx.api('GET', `/client/${client}`)).invoices as IDataObject[];
}

describe('Invoice > Create From Estimate through the n8n engine', () => {
	test('one read of the estimate, one of the invoice list, one POST; items and amounts as the estimate to the cent', async () => {
		const client = await createClient();
		const estimateId = await createEstimate(client);
		const result = await ctx.run(fromEstimate(byId(estimateId)));
		expect(result.error).toBeUndefined();
		expect(ctx.sent().map((r) => [r.method, r.path, r.rawBody])).toEqual([
			['GET', `/v1/estimate/${estimateId}`, ''],
			['GET', '/v1/invoice/all', ''],
			['POST', '/v1/invoice/add', invoiceForm(client)],
			['GET', `/v1/client/${client}`, ''],
		]);
		const estimate = (await ctx.api('GET', `/estimate/${estimateId}`)) as IDataObject;
		const [record] = estimate.estimate as IDataObject[];
		const [invoice] = result.items.map((i) => i.json);
		expect(invoice).toEqual(
			expect.objectContaining({
				invoice_no: 'INV-12',
				customer_id: client,
				currency: 'GBP',
				tax_rate: 7.25,
				note: 'Valid 30 days',
				payment_status: 'Not Paid',
				issue_date: TODAY,
				due_date: addDays(TODAY, 30),
				action: 'created',
				from_estimate: { id: estimateId, estimate_no: 'EST-12' },
				items: estimate.items,
			}),
		);
		// the same totals as the estimate, to the cent (the invoice's as text when the service sends text)
		expect([Number(invoice.sub_total), Number(invoice.tax_amount), Number(invoice.total)]).toEqual([record.sub_total, record.tax_amount, record.total]);
		expect(record.accepted).toBe('False');
	});

	test('By Number, marking the estimate accepted: the list read, then one PUT after the POST; a re-run x3 makes one invoice and no second PUT', async () => {
		const client = await createClient();
		const estimateId = await createEstimate(client);
		const parameters = fromEstimate(byNumber('EST-12'), { markEstimateAccepted: true, paymentTermsDays: 14 });
		const first = await ctx.run(parameters);
		expect(first.error).toBeUndefined();
		expect(ctx.sent().map((r) => [r.method, r.path])).toEqual([
			['GET', '/v1/estimate/all'],
			['GET', `/v1/estimate/${estimateId}`],
			['GET', '/v1/invoice/all'],
			['POST', '/v1/invoice/add'],
			['GET', `/v1/client/${client}`],
			['PUT', `/v1/estimate/${estimateId}`],
		]);
		expect(ctx.sent()[5].rawBody).toBe(form([['client', client], ['estimate_no', 'EST-12'], ['accepted', 'True']]));
		expect(first.items[0].json).toEqual(expect.objectContaining({ action: 'created', due_date: addDays(TODAY, 14) }));
		expect([Object.keys(first.items[0].json)[0], first.items[0].json.action_reason]).toEqual(['action', undefined]);
		const estimate = (await ctx.api('GET', `/estimate/${estimateId}`)) as IDataObject;
		expect((estimate.estimate as IDataObject[])[0]).toEqual(expect.objectContaining({ accepted: 'True', total: 117.96 }));
		expect(estimate.items).toHaveLength(2);
		for (let run = 0; run < 3; run++) {
			const again = await ctx.run(parameters);
			expect(again.error).toBeUndefined();
			// read back by Get, which has every key but the service's timestamps (as Create's "existing")
			const asRead = Object.fromEntries(Object.entries(first.items[0].json).filter(([key]) => key !== 'created_at' && key !== 'updated_at'));
			expect(again.items.map((i) => i.json)).toEqual([
				{
					...asRead,
					action: 'existing',
					action_reason: `Found, not created: the invoice "INV-12" (id ${first.items[0].json.id as string}) already existed with the values this item sends`,
				},
			]);
			// what happened opens the item (issue 35): the table view shows it in its first columns
			expect(Object.keys(again.items[0].json).slice(0, 2)).toEqual(['action', 'action_reason']);
			expect(ctx.sent().map((r) => [r.method, r.path])).toEqual([
				['GET', '/v1/estimate/all'],
				['GET', `/v1/estimate/${estimateId}`],
				['GET', '/v1/invoice/all'],
				['GET', `/v1/invoice/${first.items[0].json.id as string}`],
			]);
		}
		expect(await invoicesOf(client)).toHaveLength(1);
	});

	test('a different invoice with that number is an error naming the difference; nothing is written', async () => {
		const client = await createClient();
		const estimateId = await createEstimate(client);
		await ctx.api('POST', '/invoice/add', {
			client,
			invoice_no: 'INV-12',
			payment_status: 'Not Paid',
			currency: 'GBP',
			tax_rate: 7.25,
			items: [{ description: 'Audit', quantity: 3, rate: 33.33 }],
		});
		const result = await ctx.run(fromEstimate(byId(estimateId)), { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.error)).toEqual([
			expect.stringMatching(/^Create Invoice From Estimate "INV-12" \(item 0\): The invoice "INV-12" \(id \d+\) already exists with other values \(note, items\): not created again$/),
		]);
		expect(ctx.sent().filter((r) => r.method !== 'GET')).toEqual([]);
		expect(await invoicesOf(client)).toHaveLength(1);
	});

	test('Invoice Fields override what the estimate carries; a due date before the issue date is refused before sending', async () => {
		const client = await createClient();
		const estimateId = await createEstimate(client);
		const result = await ctx.run(
			fromEstimate(byId(estimateId), { invoiceOverrides: { currency: 'eur', taxRate: 0, note: 'Thanks', description: 'From EST-12', issueDate: '2026-02-01' } }),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sent()[2].rawBody).toBe(
			form([
				['client', client],
				['invoice_no', 'INV-12'],
				['payment_status', 'Not Paid'],
				['currency', 'EUR'],
				['tax_rate', '0'],
				['note', 'Thanks'],
				['description', 'From EST-12'],
				['issue_date', '2026-02-01'],
				['due_date', '2026-03-03'],
				['items[0][description]', 'Audit'],
				['items[0][quantity]', '3'],
				['items[0][rate]', '33.33'],
				['items[1][description]', 'Travel'],
				['items[1][quantity]', '0.5'],
				['items[1][rate]', '19.99'],
			]),
		);
		const refused = await ctx.run(fromEstimate(byId(estimateId), { invoiceNo: 'INV-13', invoiceOverrides: { dueDate: addDays(TODAY, -1) } }), {
			continueOnFail: true,
		});
		expect(refused.items.map((i) => i.json.error)).toEqual([
			`Create Invoice From Estimate "INV-13" (item 0): "Due Date" (${addDays(TODAY, -1)}) is before "Issue Date" (${TODAY})`,
		]);
		expect(ctx.sent().map((r) => r.method)).toEqual(['GET']);
	});

	test('an unknown estimate number fails its item before anything is sent; the other items go on', async () => {
		const client = await createClient();
		await createEstimate(client);
		const result = await ctx.run(fromEstimate(byNumber('={{ $json.estimate }}'), { invoiceNo: '={{ $json.invoice }}' }), {
			continueOnFail: true,
			items: [
				{ estimate: 'EST-99', invoice: 'INV-99' },
				{ estimate: 'EST-12', invoice: 'INV-12' },
			],
		});
		expect(result.items.map((i) => i.json.error ?? i.json.action)).toEqual([
			'Create Invoice From Estimate "INV-99" (item 0): No estimate has the number "EST-99"',
			'created',
		]);
		expect(ctx.sent().filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	test('the trigger\'s "Estimate Accepted" -> Create From Estimate (Next in Sequence): one invoice, also when the event comes again', async () => {
		const client = await createClient();
		const estimateId = await createEstimate(client);
		await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-0041', payment_status: 'Paid', items: [{ description: 'Earlier', quantity: 1, rate: 5 }] });
		const trigger = new TriggerUnderTest({ parameters: { events: ['estimateAccepted'] }, credentials: ctx.credentials });
		expect(await trigger.poll()).toBeNull();
		await ctx.api('PUT', `/estimate/${estimateId}`, { client, estimate_no: 'EST-12', accepted: 'True' });
		const events = await trigger.items();
		expect(events.map((e) => [e.event, e.id])).toEqual([['estimateAccepted', estimateId]]);
		const parameters: INodeParameters = {
			resource: 'invoice',
			operation: 'createFromEstimate',
			numbering: 'next',
			numberPrefix: 'INV-',
			numberDigits: 4,
			fromEstimate: byId('={{ $json.id }}'),
			markEstimateAccepted: true,
		};
		const first = await ctx.run(parameters, { items: events });
		expect(first.items.map((i) => [i.json.invoice_no, i.json.action, i.json.from_estimate])).toEqual([['INV-0042', 'created', { id: estimateId, estimate_no: 'EST-12' }]]);
		// accepted already: no PUT; the invoice is the estimate's to the cent
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/estimate/${estimateId}`, 'GET /v1/invoice/all', 'POST /v1/invoice/add', 'GET /v1/invoice/all']);
		expect(first.items[0].json.total).toBe(117.96);
		// at-least-once: the same event delivered again finds the invoice
		const again = await ctx.run(parameters, { items: events });
		expect(again.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([['INV-0042', 'existing']]);
		expect(await trigger.poll()).toBeNull();
		expect(await invoicesOf(client)).toHaveLength(2);
	});
});

describe("example 4's Create Invoice (examples/4-estimate-to-invoice.json) through the n8n engine", () => {
	test('the pending estimate becomes the next invoice, the estimate accepted; the same item again: the invoice found, no second PUT', async () => {
		const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', '4-estimate-to-invoice.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: INodeParameters }> };
		const parameters = example.nodes.find((node) => node.name === 'Create Invoice')?.parameters as INodeParameters;
		const client = await createClient();
		const estimateId = await createEstimate(client);
		await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1004', payment_status: 'Paid', items: [{ description: 'Earlier', quantity: 1, rate: 5 }] });
		// what Get Many Estimates (Simplify) gives the node
		const pending = { id: estimateId, estimate_no: 'EST-12', reference_no: 'EST-12', customer_id: client, accepted: 'False' };
		for (const round of ['created', 'existing']) {
			const run = await ctx.run(parameters, { items: [pending] });
			expect(run.error).toBeUndefined();
			expect(run.items.map((i) => [i.json.invoice_no, i.json.action, i.json.due_date, i.json.total])).toEqual([['INV-1005', round, addDays(TODAY, 14), 117.96]]);
			expect(ctx.sent().filter((r) => r.method === 'PUT')).toHaveLength(round === 'created' ? 1 : 0);
		}
		expect(((await ctx.api('GET', `/estimate/${estimateId}`)).estimate as IDataObject[])[0].accepted).toBe('True');
	});
});
