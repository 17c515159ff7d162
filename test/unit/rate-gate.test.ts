import { RateGate, sendThroughGate, type Entry, type Pass } from '../../nodes/shared/rate-gate';
import { backoffMs, retryAfterMs } from '../../nodes/shared/retry-after';

describe('Retry-After, as the service gives it', () => {
	const now = Date.UTC(2026, 0, 15, 10, 0, 0);

	test('seconds', () => {
		expect(retryAfterMs({ 'retry-after': '1' }, now)).toBe(1_000);
		expect(retryAfterMs({ 'retry-after': ' 120 ' }, now)).toBe(120_000);
		expect(retryAfterMs({ 'retry-after': '0' }, now)).toBe(0);
		expect(retryAfterMs({ 'retry-after': ['2', '5'] }, now)).toBe(2_000);
	});

	test('an HTTP date in each of its three forms, counted from the answer\'s own Date when it has one', () => {
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 10:00:30 GMT' }, now)).toBe(30_000);
		expect(retryAfterMs({ 'retry-after': 'Thursday, 15-Jan-26 10:00:30 GMT' }, now)).toBe(30_000);
		expect(retryAfterMs({ 'retry-after': 'Thu Jan 15 10:00:30 2026' }, now)).toBe(30_000);
		expect(retryAfterMs({ 'retry-after': 'Thu Jan  8 10:00:30 2026' }, now)).toBe(0);
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 10:00:30 GMT', date: 'Thu, 15 Jan 2026 10:00:20 GMT' }, now + 60_000)).toBe(10_000);
		// a date already past: no wait
		expect(retryAfterMs({ 'retry-after': 'Thu, 15 Jan 2026 09:59:00 GMT' }, now)).toBe(0);
	});

	test('missing or unreadable: undefined (the node backs off on its own), never a past date', () => {
		for (const value of [undefined, '', '-5', '1.5', 'soon', 'a 1', 'Mon 5', '2026-01-15', 'Thu, 15 Jan 2026 10:00:30', 'Thu, 15 Jan 2026 10:00:30 CET']) {
			expect([value, retryAfterMs(value === undefined ? {} : { 'retry-after': value }, now)]).toEqual([value, undefined]);
		}
		expect(retryAfterMs(undefined, now)).toBeUndefined();
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

/** Requests entering the gate, in the order given; what each got, and in which order they got it. */
function crowd(gate: RateGate, orders: number[], deadline: number, refused: (order: number) => boolean = () => false) {
	const got = new Map<number, Entry>();
	const order: number[] = [];
	const all = orders.map((index) =>
		gate.enter(index, deadline, refused(index)).then((entry) => {
			got.set(index, entry);
			order.push(index);
			return entry;
		}),
	);
	return { got, order, all };
}
const passOf = (entry: Entry | undefined): Pass => {
	if (!entry || 'turnedAway' in entry) throw new Error(`no pass: ${JSON.stringify(entry)}`);
	return entry.pass;
};

describe('the gate\'s transitions (rate-gate.ts names them)', () => {
	beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 0, 15, 10, 0, 0) }));
	afterEach(() => jest.useRealTimers());
	const FAR = Date.UTC(2027, 0, 1);

	test('GO: 64 go at once before any answer; the others wait in item order', async () => {
		const gate = new RateGate(() => 0);
		const run = crowd(gate, Array.from({ length: 70 }, (_, i) => i), FAR);
		await jest.advanceTimersByTimeAsync(0);
		expect(run.order).toEqual(Array.from({ length: 64 }, (_, i) => i));
	});

	test('GO: earliest deadline first, then item order (a request near its end is not kept behind later ones)', async () => {
		const gate = new RateGate(() => 0);
		const first = passOf(await gate.enter(0, FAR, false));
		gate.settle(first, 'refused', 1_000);
		const now = Date.now();
		const run = crowd(gate, [1, 2, 3], FAR);
		const late = gate.enter(9, now + 5_000, true).then(() => run.order.push(9));
		await jest.advanceTimersByTimeAsync(1_000);
		await late;
		expect(run.order).toEqual([9, 1, 2, 3]);
	});

	test('ANSWERED: each answer lets one more go and widens the window by one', async () => {
		const gate = new RateGate(() => 0);
		const run = crowd(gate, Array.from({ length: 70 }, (_, i) => i), FAR);
		await jest.advanceTimersByTimeAsync(0);
		gate.settle(passOf(run.got.get(0)), 'answered');
		await jest.advanceTimersByTimeAsync(0);
		expect(run.order).toEqual(Array.from({ length: 66 }, (_, i) => i));
	});

	test('FULL: a 429 without a wait halves the window to what was in flight at its send, and backs off', async () => {
		const gate = new RateGate(() => 1);
		const run = crowd(gate, Array.from({ length: 10 }, (_, i) => i), FAR);
		await jest.advanceTimersByTimeAsync(0);
		// request 4 was sent with 4 in flight: the window becomes 4; 9 are still in flight, so none may go
		gate.settle(passOf(run.got.get(4)), 'refused', undefined);
		const next = crowd(gate, [10, 11], FAR);
		await jest.advanceTimersByTimeAsync(250);
		expect(next.order).toEqual([]);
		for (const index of [0, 1, 2, 3, 5, 6]) gate.settle(passOf(run.got.get(index)), 'answered');
		// 3 still in flight; at its ceiling the window grows 8 times slower (4.03 after 6 answers): one more may go
		await jest.advanceTimersByTimeAsync(0);
		expect(next.order).toEqual([10]);
		gate.settle(passOf(run.got.get(7)), 'answered');
		await jest.advanceTimersByTimeAsync(0);
		expect(next.order).toEqual([10, 11]);
	});

	test('FULL: Retry-After 0 is no pause the first time in a row, a back-off the second time', async () => {
		const gate = new RateGate(() => 1);
		const first = passOf(await gate.enter(0, FAR, false));
		gate.settle(first, 'refused', 0);
		const again = passOf(await gate.enter(0, FAR, true));
		gate.settle(again, 'refused', 0);
		let third = false;
		void gate.enter(0, FAR, true).then(() => (third = true));
		await jest.advanceTimersByTimeAsync(499);
		expect(third).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(third).toBe(true);
	});

	test('RATE: a 429 asking for 1 s pauses everyone for it, then spaces the sends 10% below the rate answered', async () => {
		const gate = new RateGate(() => 0);
		// 10 requests answered within the last second, then a refusal asking for 1 s
		for (let i = 0; i < 10; i++) gate.settle(passOf(await gate.enter(i, FAR, false)), 'answered');
		const refused = passOf(await gate.enter(10, FAR, false));
		gate.settle(refused, 'refused', 1_000);
		const start = Date.now();
		const sentAt: number[] = [];
		const run = crowd(gate, [11, 12, 13, 14, 15, 16], FAR);
		void run.all.map((entry) => entry.then(() => sentAt.push(Date.now() - start)));
		await jest.advanceTimersByTimeAsync(999);
		expect(sentAt).toEqual([]);
		await jest.advanceTimersByTimeAsync(1_000);
		// 10 answered in the 1 s named: 100 ms apart, plus 10%; the first spaced send may catch up 3 slots
		expect(sentAt).toEqual([1_000, 1_000, 1_000, 1_000, 1_110, 1_220]);
	});

	test('STALE: a 429 of a request sent before the last refusal only extends the pause', async () => {
		const gate = new RateGate(() => 1);
		const a = passOf(await gate.enter(0, FAR, false));
		const b = passOf(await gate.enter(1, FAR, false));
		await jest.advanceTimersByTimeAsync(10);
		gate.settle(a, 'refused', 0);
		// b was sent before a's refusal: no back-off for it, nothing learnt (the window stays as a's refusal left it)
		gate.settle(b, 'refused', undefined);
		let went = false;
		void gate.enter(2, FAR, false).then(() => (went = true));
		await jest.advanceTimersByTimeAsync(0);
		expect(went).toBe(true);
	});

	test('TOO_LONG: a pause longer than the wait left turns the waiting requests away at once, naming the wait; nothing goes inside it', async () => {
		const gate = new RateGate(() => 0);
		const deadline = Date.now() + 3_000;
		const run = crowd(gate, Array.from({ length: 70 }, (_, i) => i), deadline);
		await jest.advanceTimersByTimeAsync(0);
		gate.settle(passOf(run.got.get(0)), 'refused', 3_600_000);
		await jest.advanceTimersByTimeAsync(0);
		// the six that never went leave unsent at once, the 63 in flight are untouched
		expect(run.order.slice(64)).toEqual([64, 65, 66, 67, 68, 69]);
		for (const index of [64, 65, 66, 67, 68, 69]) expect(run.got.get(index)).toEqual({ turnedAway: true, askedMs: 3_600_000 });
		// and a request entering later, within the hour, is turned away too
		await jest.advanceTimersByTimeAsync(10_000);
		await expect(gate.enter(70, Date.now() + 3_000, false)).resolves.toEqual({ turnedAway: true, askedMs: 3_600_000 });
	});

	test('LATE: held by the window at its deadline, a request never sent goes once; one refused before leaves', async () => {
		const gate = new RateGate(() => 0);
		const deadline = Date.now() + 2_000;
		crowd(gate, Array.from({ length: 64 }, (_, i) => i), FAR);
		const late = crowd(gate, [100, 101], deadline, (order) => order === 101);
		await jest.advanceTimersByTimeAsync(1_999);
		expect(late.order).toEqual([]);
		await jest.advanceTimersByTimeAsync(1);
		expect(late.got.get(100)).toMatchObject({ pass: { inFlightAtSend: 64 } });
		expect(late.got.get(101)).toEqual({ turnedAway: true, askedMs: undefined });
	});

	test('a pass settles once: a second settle changes nothing', async () => {
		const gate = new RateGate(() => 0);
		const pass = passOf(await gate.enter(0, FAR, false));
		gate.settle(pass, 'answered');
		gate.settle(pass, 'refused', 3_600_000);
		expect(pass.outcome).toBe('answered');
		await expect(gate.enter(1, Date.now() + 1_000, false)).resolves.toMatchObject({ pass: { inFlightAtSend: 0 } });
	});
});

describe('sendThroughGate: the one 429 loop', () => {
	beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 0, 15, 10, 0, 0) }));
	afterEach(() => jest.useRealTimers());

	test('a wait longer than the budget is not waited: the last refusal is the result at once, naming the wait', async () => {
		const gate = new RateGate(() => 0);
		let sends = 0;
		const run = sendThroughGate(gate, 0, 5_000, async (pass) => {
			sends += 1;
			gate.settle(pass, 'refused', 10_000);
			return 'refused';
		});
		await expect(run).resolves.toEqual({ sent: true, result: 'refused', wait: { refusals: 1, waitedMs: 0, askedMs: 10_000 } });
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
		const result = await run;
		// 0.25 s, 0.5 s, 1 s, 2 s between the sends; the next back-off (4 s) would end past the 5 s budget: turned away at once
		expect(sentAt).toEqual([0, 250, 750, 1_750, 3_750]);
		expect(result).toEqual({ sent: true, result: 'refused', wait: { refusals: 5, waitedMs: 3_750 } });
	});

	test('a request that never went, turned away by a pause it cannot outlast, is reported unsent', async () => {
		const gate = new RateGate(() => 0);
		const first = sendThroughGate(gate, 0, 3_000, async (pass) => {
			gate.settle(pass, 'refused', 3_600_000);
			return 'refused';
		});
		const second = sendThroughGate(gate, 1, 3_000, async () => 'sent');
		// the second entered while the first was in flight: with the window open it went at once
		await expect(second).resolves.toEqual({ sent: true, result: 'sent' });
		await first;
		const third = sendThroughGate(gate, 2, 3_000, async () => 'sent');
		await expect(third).resolves.toEqual({ sent: false, wait: { refusals: 0, waitedMs: 0, askedMs: 3_600_000 } });
	});

	test('a send that throws counts as failed: the gate is not left with a request in flight', async () => {
		const gate = new RateGate(() => 0);
		await expect(sendThroughGate(gate, 0, 1_000, async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
		await expect(gate.enter(1, Date.now() + 1_000, false)).resolves.toMatchObject({ pass: { inFlightAtSend: 0 } });
	});
});
