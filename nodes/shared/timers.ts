import { sleep } from 'n8n-workflow';

/**
 * Every timer of the nodes lives here: a pause (the rate gate's, a look repeated while a write settles, a tick of
 * the item loop) is `pause`, and the limits of the waits on another execution are kept by the one loop below.
 */
export async function pause(ms: number): Promise<void> {
	await sleep(Math.max(0, ms));
}

/** `promise`'s value, or undefined once `ms` passed without it. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
	return await Promise.race([promise, pause(ms).then(() => undefined)]);
}

/**
 * The limits of the waits on another execution (a key's turn, a sequence's lane), kept by one loop for the whole
 * process: it runs only while a wait is on, wakes at the earliest limit and at least every second (a limit hours
 * away leaves no timer behind once its wait is over), and expires the waits whose limit has passed.
 */
interface Watch {
	deadline: number;
	expire: () => void;
}

const watches = new Set<Watch>();
let watching = false;

/** The loop's longest sleep: a wait that ends leaves a timer of at most this long behind it. */
const LONGEST_SLEEP_MS = 1_000;

async function watch(): Promise<void> {
	watching = true;
	try {
		while (watches.size > 0) {
			let earliest = Infinity;
			for (const { deadline } of watches) earliest = Math.min(earliest, deadline);
			// always a sleep first: a wait whose promise has already settled is over before its limit is checked
			await pause(Math.min(earliest - Date.now(), LONGEST_SLEEP_MS));
			const now = Date.now();
			for (const due of watches) {
				if (due.deadline > now) continue;
				watches.delete(due);
				due.expire();
			}
		}
	} finally {
		watching = false;
	}
}

/** Whether `promise` settles within `ms` (false once the limit has passed and it has not). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
	let expire: () => void = () => {};
	const late = new Promise<false>((resolve) => (expire = () => resolve(false)));
	const entry: Watch = { deadline: Date.now() + Math.max(0, ms), expire };
	watches.add(entry);
	if (!watching) void watch();
	const inTime = promise.then(
		() => true as const,
		() => true as const,
	);
	try {
		return await Promise.race([inTime, late]);
	} finally {
		watches.delete(entry);
	}
}
