import { SequenceLane, type LaneRun } from '../../nodes/Invoicing/helpers/guards/path/sequence-lane';
import { keptLanes, laneOf, LANE_IDLE_MS, MOST_LANES } from '../../nodes/Invoicing/helpers/guards/path/sequence-lanes';

/**
 * What the process keeps of its sequences is bounded in count and age, whatever the prefixes: an idle lane is
 * forgotten (its next run reads its list, as every run does), a lane in use never is, and a lane keeps the list
 * read after a run's writes only for a run that was already waiting.
 */

/** A run of the lane that decides at once and is over when `over` resolves. */
function run(over: Promise<void> = Promise.resolve(), decide: () => void = () => {}): LaneRun {
	return { decide, over, refuse: () => {}, longestHoldMs: 60_000, describe: () => 'a run' };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => jest.restoreAllMocks());

test('past the most lanes, idle ones are forgotten: 3 x the cap of distinct prefixes keep at most the cap', async () => {
	for (let k = 0; k < 3 * MOST_LANES; k++) {
		const lane = laneOf(`memory-test\u0000C${k}-`);
		lane.take(run());
		await settle();
		expect(keptLanes()).toBeLessThanOrEqual(MOST_LANES + 1);
	}
	expect(keptLanes()).toBeLessThanOrEqual(MOST_LANES + 1);
});

test('a lane in use is never forgotten: a run in it, a number given and unanswered, a write still settling', async () => {
	let end!: () => void;
	const held = laneOf('in-use\u0000running');
	held.take(run(new Promise<void>((resolve) => (end = resolve))));
	const numbered = laneOf('in-use\u0000given');
	numbered.take(run());
	numbered.hold('INV-0001');
	const settling = laneOf('in-use\u0000unanswered');
	settling.take(run());
	settling.noteUnanswered(Date.now() + 60 * 60_000, { client: 'c', items: [] }, 'INV-0002');
	await settle();
	// far past the idle age, and past the cap
	const later = Date.now() + 2 * LANE_IDLE_MS;
	jest.spyOn(Date, 'now').mockReturnValue(later);
	for (let k = 0; k < 2 * MOST_LANES; k++) laneOf(`in-use-filler\u0000${k}`).take(run());
	await settle();
	expect(laneOf('in-use\u0000running')).toBe(held);
	expect(laneOf('in-use\u0000given')).toBe(numbered);
	expect(laneOf('in-use\u0000unanswered')).toBe(settling);
	end();
});

test('an idle lane older than the idle age is forgotten on the next look-up, without a timer', async () => {
	const old = laneOf('aged\u0000A-');
	old.take(run());
	await settle();
	jest.spyOn(Date, 'now').mockReturnValue(Date.now() + LANE_IDLE_MS + 1);
	const before = keptLanes();
	laneOf('aged\u0000B-').take(run());
	await settle();
	expect(keptLanes()).toBeLessThanOrEqual(before);
	expect(old.inUse()).toBe(false);
});

test('the list read after a run is kept only for a run already waiting in the lane, and serves it once', async () => {
	const lane = new SequenceLane();
	const list = [{ id: '1', invoice_no: 'INV-0001' }];
	// nobody waits: not kept
	lane.arrive();
	lane.take(run());
	await settle();
	lane.noteList(list, Date.now());
	expect(lane.servedList(0)).toBeUndefined();

	// a run waits behind the one that reads: served, then forgotten
	let firstOver!: () => void;
	lane.arrive();
	lane.take(run(new Promise<void>((resolve) => (firstOver = resolve))));
	let served: unknown;
	lane.arrive();
	lane.take(run(Promise.resolve(), () => (served = lane.servedList(0))));
	await settle();
	lane.noteList(list, Date.now());
	firstOver();
	await settle();
	expect(served).toEqual({ list, at: expect.any(Number) });
	expect(lane.servedList(0)).toBeUndefined();
});

test('a run whose earlier run overran its longest hold is refused, naming it, and the lane waits for the earlier run all the same', async () => {
	const lane = new SequenceLane();
	let stuckOver!: () => void;
	lane.arrive();
	lane.take({ ...run(new Promise<void>((resolve) => (stuckOver = resolve))), longestHoldMs: 20, describe: () => 'Create Invoice (item 0)' });
	const refused: string[] = [];
	let decided = 0;
	lane.arrive();
	lane.take({ ...run(), decide: () => decided++, refuse: (_ms, holder) => refused.push(holder) });
	let thirdDecided = false;
	lane.arrive();
	lane.take({ ...run(), decide: () => (thirdDecided = true) });
	while (refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
	expect(refused).toEqual(['Create Invoice (item 0)']);
	expect(decided).toBe(0);
	await settle();
	// the stuck run is still in: the third run has not decided
	expect(thirdDecided).toBe(false);
	expect(lane.inUse()).toBe(true);
	stuckOver();
	while (!thirdDecided) await settle();
	expect(thirdDecided).toBe(true);
});
