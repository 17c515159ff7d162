import { resetSafeRegexEngine, setSafeRegexEngine } from 'n8n-workflow';

import { addClient, addInvoice, byId, useEngineFixture } from './fixture';
import { REGEX_TIMED_OUT } from './harness/refused-run';
import { runNodeOnce } from './harness/run-node';

/**
 * n8n's pattern check before a run (By ID, 250 ms wall-clock limit) times out on starved cores and refuses the run
 * (docs/guarantees.md). Here it is made to time out on purpose, its first `times` checks, so that the harness's
 * answer to it is pinned: the refused run sent nothing, and runNode runs it again (as the user would).
 */
const ctx = useEngineFixture();

/** n8n's pattern checks time out `times` times, then run as usual; how many timed out. */
function refuseFirstChecks(times: number): { refused: number } {
	const counted = { refused: 0 };
	setSafeRegexEngine({
		exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
		test: (pattern, input, flags) => {
			if (counted.refused < times) {
				counted.refused += 1;
				throw new Error(REGEX_TIMED_OUT);
			}
			return new RegExp(pattern, flags).test(input);
		},
		replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
		matchAll: (pattern, input, flags) => Array.from(input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`))),
		split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
	});
	return counted;
}

afterEach(() => resetSafeRegexEngine());

const getInvoice = (id: string) => ({ resource: 'invoice', operation: 'get', invoiceId: byId(id) });

describe('a run n8n refused before it started (its pattern check timed out)', () => {
	test('one run: no item, that error, nothing sent', async () => {
		const client = await addClient(ctx, 'Acme Ltd');
		const checks = refuseFirstChecks(1);
		ctx.sandbox.clearRequests();
		const result = await runNodeOnce({ credentials: ctx.credentials, parameters: getInvoice(client) });
		expect(checks.refused).toBe(1);
		expect([result.items, result.error?.message]).toEqual([[], REGEX_TIMED_OUT]);
		expect(ctx.sent()).toEqual([]);
	});

	test('the harness runs it again: refused twice, the third run is the one the service sees', async () => {
		const client = await addClient(ctx, 'Acme Ltd');
		const invoice = await addInvoice(ctx, client, 'INV-1');
		const checks = refuseFirstChecks(2);
		const result = await ctx.run(getInvoice(invoice));
		expect(checks.refused).toBe(2);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id, item.json.invoice_no])).toEqual([[invoice, 'INV-1']]);
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/invoice/${invoice}`]);
	});

	test('refused every time: the refusal shows after four runs, nothing sent', async () => {
		const checks = refuseFirstChecks(Number.MAX_SAFE_INTEGER);
		const result = await ctx.run(getInvoice('1'));
		expect(checks.refused).toBe(4);
		expect([result.items, result.error?.message]).toEqual([[], REGEX_TIMED_OUT]);
		expect(ctx.sent()).toEqual([]);
	});
});
