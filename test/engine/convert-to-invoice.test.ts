import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, byNumber, form, useEngineFixture } from './fixture';

/**
 * Issue 35: Estimate > Convert to Invoice is Invoice > Create From Estimate offered on the estimate (as sevDesk's
 * convertToInvoice on the order, easybill's Convert): the same requests, the same item, the same re-run.
 */
const ctx = useEngineFixture();

/** A client and its estimate EST-12, the same ids after every reset (deterministic sandbox). */
async function book(): Promise<{ client: string; estimate: string }> {
	const client = ((await ctx.api('POST', '/client/add', { names: 'Globex' })).data as IDataObject[])[0].id as string;
	const body = await ctx.api('POST', '/estimate/add', {
		client,
		estimate_no: 'EST-12',
		currency: 'GBP',
		tax_rate: 7.25,
		note: 'Valid 30 days',
		items: [
			{ description: 'Audit', quantity: 3, rate: 33.33 },
			{ description: 'Travel', quantity: 0.5, rate: 19.99 },
		],
	});
	return { client, estimate: (body.estimate as IDataObject[])[0].id as string };
}

const onInvoiceSide = (estimate: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'createFromEstimate',
	fromEstimate: estimate as INodeParameters['fromEstimate'],
	invoiceNo: 'INV-12',
	...extra,
});

const onEstimateSide = (estimate: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'estimate',
	operation: 'convertToInvoice',
	estimateId: estimate as INodeParameters['estimateId'],
	newInvoiceNo: 'INV-12',
	...extra,
});

const requests = () => ctx.sent().map((r) => [r.method, r.path, r.rawBody]);

describe('Estimate > Convert to Invoice through the n8n engine', () => {
	test.each([
		['By ID, marking the estimate accepted', byId, { markEstimateAccepted: true, paymentTermsDays: 14 }, 'INV-12'],
		['By Number, Next in Sequence', () => byNumber('EST-12'), { numbering: 'next', numberPrefix: 'INV-' }, 'INV-0001'],
	] as Array<[string, (id: string) => unknown, INodeParameters, string]>)('%s: the requests and the item of Invoice > Create From Estimate, then the same re-run', async (_name, pick, settings, number) => {
		const invoiceSide: Array<{ sent: unknown[]; items: IDataObject[] }> = [];
		const estimateSide: Array<{ sent: unknown[]; items: IDataObject[] }> = [];
		for (const [side, parameters] of [
			[invoiceSide, (estimate: string) => onInvoiceSide(pick(estimate), settings)],
			[estimateSide, (estimate: string) => onEstimateSide(pick(estimate), settings)],
		] as const) {
			ctx.sandbox.reset();
			const { estimate } = await book();
			for (let run = 0; run < 2; run++) {
				const result = await ctx.run(parameters(estimate));
				expect(result.error).toBeUndefined();
				side.push({ sent: requests(), items: result.items.map((item) => item.json) });
			}
		}
		expect(estimateSide).toEqual(invoiceSide);
		expect(estimateSide.map((run) => run.items.map((item) => [item.action, item.invoice_no, (item.from_estimate as IDataObject).estimate_no]))).toEqual([
			[['created', number, 'EST-12']],
			[['existing', number, 'EST-12']],
		]);
	});

	test('its first run sends exactly: the estimate, the invoice list, the invoice form, the twin look, the PUT that accepts the estimate', async () => {
		const { client, estimate } = await book();
		const result = await ctx.run(onEstimateSide(byId(estimate), { markEstimateAccepted: true }));
		expect(result.error).toBeUndefined();
		const sent = requests();
		expect(sent.map(([method, path]) => `${String(method)} ${String(path)}`)).toEqual([
			`GET /v1/estimate/${estimate}`,
			'GET /v1/invoice/all',
			'POST /v1/invoice/add',
			`GET /v1/client/${client}`,
			`PUT /v1/estimate/${estimate}`,
		]);
		expect(sent[4][2]).toBe(form([['client', client], ['estimate_no', 'EST-12'], ['accepted', 'True']]));
		expect(Object.keys(result.items[0].json)[0]).toBe('action');
	});

	test('an Invoice Number that comes out empty is refused before anything is sent, naming the operation and the estimate', async () => {
		const { estimate } = await book();
		const result = await ctx.run(onEstimateSide(byNumber('EST-12'), { newInvoiceNo: '={{ $json.number }}' }), { items: [{ number: ' ' }], continueOnFail: true });
		expect(ctx.sent()).toEqual([]);
		expect(result.items.map((item) => item.json.error)).toEqual([expect.stringMatching(/^Convert Estimate to Invoice "EST-12" \(item 0\): .*Invoice Number/)]);
		expect(estimate).not.toBe('');
	});
});
