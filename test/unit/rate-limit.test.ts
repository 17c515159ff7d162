import { RateGate, sendThroughGate, type Pass } from '../../nodes/shared/rate-gate';
import { backoffMs, retryAfterMs } from '../../nodes/shared/retry-after';

describe('Retry-After, as the service gives it', () => {
	const now = Date.UTC(2026, 0, 15, 10, 0, 0);

	test('seconds', () => {
		expect(retryAfterMs({ 'retry-after': '1' }, now)).toBe(1_000);
		expect(retryAfterMs({ 'retry-after': ' 120 ' }, now)).toBe(120_000);
		expect(retryAfterMs({ 'retry-after': '0' }, now)).toBe(0);
		expect(retryAfterMs({ 'retry-after': ['2', '5'] }, now)).toBe(2_000);
	});

	test('an HTTP date, counted from the answer\'s own Date when it has one (the clocks need not agree)', () => {
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 10:00:30 GMT' }, now)).toBe(30_000);
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 10:00:30 GMT', date: 'Thu, 15 Jan 2026 10:00:20 GMT' }, now + 60_000)).toBe(10_000);
		// a date already past: no wait
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 09:59:00 GMT' }, now)).toBe(0);
	});

	test('missing or unreadable: undefined (the node backs off on its own)', () => {
		expect(retryAfterMs(undefined, now)).toBeUndefined();
		expect(retryAfterMs({}, now)).toBeUndefined();
		expect(retryAfterMs({ 'retry-after': '' }, now)).toBeUndefined();
		expect(retryAfterMs({ 'retry-after': '-5' }, now)).toBeUndefined();
		expect(retryAfterMs({ 'retry-after': '1.5' }, now)).toBeUndefined();
		expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
	});
});

describe('the back-off without Retry-After', () => {
	test('doubles from 0.25 s up to 30 s, with jitter between half and all of it', () => {
		expect([1, 2, 3, 4].map((streak) => backoffMs(streak, () => 1))).toEqual([250, 500, 1_000, 2_000]);
		expect([1, 2, 3, 4].map((streak) => backoffMs(streak, () => 0))).toEqual([125, 250, 500, 1_000]);
		expect(backoffMs(20, () => 1)).toBe(30_000);
		expect(backoffMs(1_000, () => 0)).toBe(15_000);
	});
});

describe('the gate of one node run', () => {
	beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 0, 15, 10, 0, 0) }));
	afterEach(() => jest.useRealTimers());

	const FAR = Date.UTC(2027, 0, 1);

	test('before any answer 64 go at once; each answer lets one more go and widens the window by one', async () => {
		const gate = new RateGate(() => 0);
		const gone: number[] = [];
		const passes: Pass[] = [];
		for (let order = 0; order < 70; order++) {
			void gate.enter(order, FAR, false).then((pass) => {
				gone.push(order);
				passes[order] = pass;
			});
		}
		await jest.advanceTimersByTimeAsync(0);
		expect(gone).toHaveLength(64);
		gate.settle(passes[0], 'answered');
		await jest.advanceTimersByTimeAsync(0);
		expect(gone).toEqual(Array.from({ length: 66 }, (_, i) => i));
	});

	test('after a 429 asking for 1 s: nobody goes before it, then the waiting requests go in item order', async () => {
		const gate = new RateGate(() => 0);
		const first = await gate.enter(0, FAR, false);
		gate.settle(first, 'refused', 1_000);
		const order: number[] = [];
		const entered = [3, 1, 2, 0].map((index) =>
			gate.enter(index, FAR, index === 0).then((pass: Pass) => {
				order.push(index);
				gate.settle(pass, 'answered');
			}),
		);
		await jest.advanceTimersByTimeAsync(999);
		expect(order).toEqual([]);
		await jest.advanceTimersByTimeAsync(1);
		await Promise.all(entered);
		expect(order).toEqual([0, 1, 2, 3]);
	});

	test('a wait longer than the budget is not waited: the last refusal is the result at once', async () => {
		const gate = new RateGate(() => 0);
		let sends = 0;
		const run = sendThroughGate(gate, 0, 5_000, async (pass) => {
			sends += 1;
			gate.settle(pass, 'refused', 10_000);
			return 'refused';
		});
		await expect(run).resolves.toEqual({ result: 'refused', wait: { refusals: 1, waitedMs: 0 } });
		expect(sends).toBe(1);
	});

	test('refused every time without Retry-After: sent again after a growing back-off, never past the budget', async () => {
		const gate = new RateGate(() => 1);
		const sentAt: number[] = [];
		const start = Date.now();
		const run = sendThroughGate(gate, 0, 5_000, async (pass) => {
			sentAt.push(Date.now() - start);
			gate.settle(pass, 'refused', undefined);
			return 'refused';
		});
		await jest.advanceTimersByTimeAsync(6_000);
		const { wait } = await run;
		// 0.25 s, 0.5 s, 1 s, 2 s between the sends; the next wait (4 s) would end past the 5 s budget
		expect(sentAt).toEqual([0, 250, 750, 1_750, 3_750]);
		expect(wait).toEqual({ refusals: 5, waitedMs: 3_750 });
	});
});
