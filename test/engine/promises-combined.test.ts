import type { IDataObject } from 'n8n-workflow';

import type { FaultSpec } from '../../tools/sandbox';
import { byId, useEngineFixture } from './fixture';

/** Issue 30: promises each proven alone that broke where two features met; each case failed on 034f3d2. */
// real clock: the payment guard's repeat window counts from now
const ctx = useEngineFixture({ deterministic: false });
beforeEach(() => ctx.sandbox.clearFaults());

const REFUSED = 'Too many requests; retry later.';
const posts = (path: string) => ctx.sandbox.requests().filter((r) => r.method === 'POST' && r.path === path);
/** A 429 naming `retryAfter` on the first POST to `path`, and the resend answered only after `resendMs`. */
function refuseThenSlow(path: string, retryAfter: string, resendMs: number): void {
	const fault = (spec: FaultSpec) => ctx.sandbox.injectFault({ path, method: 'POST', ...spec });
	fault({ kind: 'status', status: 429, message: REFUSED, retryAfter });
	fault({ kind: 'delay', delayMs: resendMs });
}

describe('case 1: a guard\'s turn lasts as long as its holder\'s request can, resends included', () => {
	// time-out 3 s: the wait named plus the slow resend outlast "time-out + 1 s", the turn's old limit
	test.each([
		['0', 2_500],
		['0', 2_900],
		['1', 2_500],
		['1', 2_900],
		['2', 2_500],
		['2', 2_900],
	])('two Create Client rows "Acme", the first refused (Retry-After %s) and its resend answered after %i ms: one client', async (retryAfter, resendMs) => {
		refuseThenSlow('/v1/client/add', retryAfter, resendMs);
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', requestOptions: { timeout: 3_000 } },
			{ items: [{ name: 'Acme' }, { name: 'Acme' }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.names, i.json.action])).toEqual([
			['Acme', 'created'],
			['Acme', 'existing'],
		]);
		expect(posts('/v1/client/add').map((r) => r.status)).toEqual([429, 200]);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
		expect(result.items[1].json.id).toBe(result.items[0].json.id);
	}, 30_000);

	test('two Record Payment rows of 4.00 on one invoice, the first refused (Retry-After 2) and resent slowly: one payment', async () => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as IDataObject[])[0].id as string;
		const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		const invoice = (body.invoice as IDataObject[])[0].id as string;
		refuseThenSlow('/v1/invoice/record-payment', '2', 2_500);
		const row = { resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 4, requestOptions: { timeout: 3_000 } };
		const result = await ctx.run(row, { items: [{ row: 1 }, { row: 2 }] });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.success, i.json.skipped ?? false])).toEqual([
			[true, false],
			[true, true],
		]);
		expect(String(result.items[1].json.message)).toMatch(/^Not recorded again: a payment of 4\.00 was recorded on the invoice "INV-1" at /);
		expect(posts('/v1/invoice/record-payment').map((r) => r.status)).toEqual([429, 200]);
		expect(ctx.sandbox.state().invoices[0].payments.map((p) => p.amount)).toEqual([4]);
	}, 30_000);
});

describe('case 3: a Retry-After longer than the node waits is never sat out, and nothing goes inside it', () => {
	test('200 Create Client rows, the first refused for an hour, Longest Wait 3 s, Continue On Fail: the waiting rows fail at once, unsent', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '3600', path: '/v1/client/add', method: 'POST' });
		const rows = Array.from({ length: 200 }, (_, i) => ({ name: `Client ${i + 1}` }));
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', ifExists: 'create', rateLimits: { longestWait: 3 } },
			{ items: rows, continueOnFail: true },
		);
		const sent = posts('/v1/client/add');
		// only what was in flight before the refusal came back (at most the 64 the gate lets go before any answer)
		expect(sent.length).toBeLessThanOrEqual(64);
		expect(sent.filter((r) => r.status === 429)).toHaveLength(1);
		const created = result.items.filter((i) => i.json.action === 'created').map((i) => i.json.names);
		expect(created).toHaveLength(sent.length - 1);
		expect(ctx.sandbox.state().clients.map((c) => c.names).sort()).toEqual([...created].sort());
		const notSent = result.items.filter((i) => String(i.json.error ?? '').includes('Not sent'));
		expect(notSent).toHaveLength(200 - sent.length);
		const first = result.items.findIndex((i) => String(i.json.error ?? '').includes('Not sent'));
		expect(result.items[first].json.error).toBe(
			`Create Client "Client ${first + 1}" (item ${first}) failed (HTTP 429): Not sent: the service asked to wait 3600 s after refusing an earlier request, longer than the node waits (at most 3 s in all).`,
		);
		// output order and pairing follow the input
		expect(result.items.map((i) => (i.json.error ? 'failed' : i.json.names))).toEqual(rows.map((r, i) => (result.items[i].json.error ? 'failed' : r.name)));
	}, 60_000);

	test('the refused row fails naming the wait the service asked for', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '3600', path: '/v1/client/add', method: 'POST' });
		const result = await ctx.run({ resource: 'client', operation: 'create', names: 'Acme', rateLimits: { longestWait: 3 } });
		expect(result.error?.message).toBe(`Create Client "Acme" (item 0) failed (HTTP 429): ${REFUSED}`);
		expect(result.error?.description).toMatch(/ Refused 1 time in [0-9.]+ s; the node waits at most 3 s in all; the service asked to wait 3600 s\.$/);
	});
});

describe('case 4: a Retry-After that is no number and no HTTP date is not read as a past date', () => {
	test.each(['a 1', 'Mon 5'])('Retry-After "%s" (no number, no HTTP date; read as unreadable in unit/rate-gate.test.ts): sent again, created once', async (retryAfter) => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter, path: '/v1/client/add', method: 'POST' });
		const result = await ctx.run({ resource: 'client', operation: 'create', names: 'Acme' });
		expect(result.error).toBeUndefined();
		expect(posts('/v1/client/add').map((r) => r.status)).toEqual([429, 200]);
		expect(result.items.map((i) => i.json.action)).toEqual(['created']);
	});
});
