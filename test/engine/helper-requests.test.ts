import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

/**
 * The requests the node makes besides the operation's (here the PUT that marks an estimate accepted after Create
 * From Estimate, and the read after Record Payment) go as the operation's does (helpers/request/helper-request):
 * through the run's rate gate, so a 429 is waited out, and with Request Options > Timeout, not n8n's default.
 */
const ctx = useEngineFixture();
afterEach(() => ctx.sandbox.clearFaults());

const calls = () => ctx.sandbox.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

async function estimate(): Promise<{ client: string; estimateId: string }> {
	const client = ((await ctx.api('POST', '/client/add', { names: 'Globex' })).data as IDataObject[])[0].id as string;
	const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-12', accepted: 'False', items: [{ description: 'Audit', quantity: 1, rate: 100 }] });
	return { client, estimateId: (body.estimate as IDataObject[])[0].id as string };
}

const fromEstimate = (estimateId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'createFromEstimate',
	fromEstimate: byId(estimateId),
	invoiceNo: 'INV-12',
	markEstimateAccepted: true,
	...extra,
});

describe('a helper request goes through the run gate, with the request time-out', () => {
	test('the PUT marking the estimate accepted, refused with 429 (Retry-After 1): waited out and sent again, the estimate accepted', async () => {
		const { client, estimateId } = await estimate();
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '1', message: 'Slow down', method: 'PUT', path: `/v1/estimate/${estimateId}` });
		const started = Date.now();
		const result = await ctx.run(fromEstimate(estimateId, { requestOptions: { timeout: 5_000 } }));
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
		expect(calls()).toEqual([
			`GET /v1/estimate/${estimateId} 200`,
			'GET /v1/invoice/all 200',
			'POST /v1/invoice/add 200',
			`GET /v1/client/${client} 200`,
			`PUT /v1/estimate/${estimateId} 429`,
			`PUT /v1/estimate/${estimateId} 200`,
		]);
		expect(ctx.sandbox.state().estimates[0].accepted).toBe('True');
	});

	test('the PUT held 2 s, Request Options > Timeout 1 s: it fails at 1 s naming that time-out, not n8n\'s 300 s', async () => {
		const { estimateId } = await estimate();
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 2_000, method: 'PUT', path: `/v1/estimate/${estimateId}` });
		const result = await ctx.run(fromEstimate(estimateId, { requestOptions: { timeout: 1_000 } }), { continueOnFail: true });
		const error = result.items[0].json.error;
		expect(error).toBe(
			`Create Invoice From Estimate "INV-12" (item 0) made the invoice "INV-12" (id ${String(ctx.sandbox.state().invoices[0].id)}), then marking the estimate "EST-12" accepted failed: no answer within the time-out of 1 s`,
		);
	});
});
