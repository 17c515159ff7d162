import { isRefused, REGEX_TIMED_OUT, runUntilAccepted } from '../engine/harness/refused-run';
import type { NodeRunResult } from '../engine/harness/run-node';

const refused: NodeRunResult = { items: [], error: new Error(REGEX_TIMED_OUT) };
const accepted: NodeRunResult = { items: [{ json: { id: 'c1' } }] };
/** A run that answers the given results in turn, counting its calls. */
function runs(...results: NodeRunResult[]) {
	const run = async () => results[Math.min(run.calls++, results.length - 1)];
	run.calls = 0;
	return run;
}

describe('engine harness: a run n8n refused before it started is run again', () => {
	test('refused twice, then accepted: three runs, the accepted result', async () => {
		const run = runs(refused, refused, accepted);
		expect(await runUntilAccepted(run)).toBe(accepted);
		expect(run.calls).toBe(3);
	});

	test('bounded: refused every time, four runs in all, the refusal returned', async () => {
		const run = runs(refused);
		expect(await runUntilAccepted(run)).toBe(refused);
		expect(run.calls).toBe(4);
	});

	test('any other failed run, or one with items, is not run again', async () => {
		const other: NodeRunResult = { items: [], error: new Error('The service is down') };
		const withItems: NodeRunResult = { items: [{ json: {} }], error: new Error(REGEX_TIMED_OUT) };
		for (const result of [other, withItems]) {
			const run = runs(result, accepted);
			expect(await runUntilAccepted(run)).toBe(result);
			expect(run.calls).toBe(1);
		}
		expect([refused, other, withItems, accepted].map(isRefused)).toEqual([true, false, false, false]);
	});
});
