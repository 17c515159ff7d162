import { SequenceLane } from './sequence-lane';

/** Lanes kept at most, besides those in use; past it the least recently used idle lanes are forgotten first. */
export const MOST_LANES = 100;

/** An idle lane is forgotten once nothing has used it for this long. */
export const LANE_IDLE_MS = 10 * 60_000;

/** The lanes of the process, least recently used first. */
const lanes = new Map<string, SequenceLane>();

/**
 * Lanes forgotten while a run of this process may still hold them (a renumber after its run let the lane go on):
 * the same key gets the same lane for as long as anything holds it, so two lanes of one sequence never run side
 * by side. The entry goes once the lane is collected.
 */
const forgotten = new Map<string, WeakRef<SequenceLane>>();

/**
 * Forgets idle lanes (none in use: no run in it, no number given and unanswered, no write still settling) that
 * nothing used for LANE_IDLE_MS, then, past MOST_LANES, the least recently used idle ones. Checked on every
 * lookup: no timer. What a forgotten lane knew costs the sequence's next run nothing it does not do anyway: it
 * reads its list.
 */
function forgetIdle(now: number): void {
	for (const [key, ref] of forgotten) if (ref.deref() === undefined) forgotten.delete(key);
	let over = lanes.size - MOST_LANES;
	for (const [key, lane] of lanes) {
		if (lane.inUse(now)) continue;
		if (over > 0 || now - lane.usedAt > LANE_IDLE_MS) {
			lanes.delete(key);
			forgotten.set(key, new WeakRef(lane));
			over -= 1;
		}
	}
}

/** The lane of a sequence; the run that asks joins it (SequenceLane.arrive) and takes it once its rows are known. */
export function laneOf(key: string): SequenceLane {
	const now = Date.now();
	forgetIdle(now);
	const lane = lanes.get(key) ?? forgotten.get(key)?.deref() ?? new SequenceLane();
	forgotten.delete(key);
	lanes.delete(key);
	lanes.set(key, lane);
	lane.arrive();
	return lane;
}

/** How many lanes the process keeps (tests: the count stays bounded whatever the prefixes). */
export const keptLanes = (): number => lanes.size;
