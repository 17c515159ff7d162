import fc from 'fast-check';

/**
 * The scenarios of a check run ahead of it, several at once: each waits mostly on timers (Retry-After, slow
 * answers, time-outs) against a sandbox of its own, so one after another they left both cores idle. fast-check
 * still draws, orders, shrinks and reports as before: `fc.sample` of the same property, seed and run count yields
 * the very values `fc.check` then hands the property, which takes each one's result from here. A value not drawn
 * ahead (a shrink candidate) runs when asked, alone.
 */
export interface Ahead<R> {
	/** The result for a value: the one run ahead (started now if its turn had not come), else a run now. */
	result(value: unknown): Promise<R>;
	/** No further value starts ahead; resolves once those started have ended (from the first failure on, shrinking runs alone). */
	stop(): Promise<void>;
	/** How many values were asked for and found among those drawn ahead. */
	readonly hits: number;
}

export function runAhead<V, R>(values: V[], run: (value: V) => Promise<R>, concurrency: number): Ahead<R> {
	const started = new Map<string, Promise<R>>();
	const queue = values.map((value) => ({ key: fc.stringify(value), value }));
	const drawn = new Set(queue.map((entry) => entry.key));
	const start = (key: string, value: V): Promise<R> => {
		let result = started.get(key);
		if (result === undefined) {
			result = run(value);
			started.set(key, result);
		}
		return result;
	};
	let next = 0;
	let stopped = false;
	const worker = async (): Promise<void> => {
		while (!stopped && next < queue.length) {
			const { key, value } = queue[next++];
			// a rejection is the property's to report when it asks for the value, not an unhandled one here
			await start(key, value).catch(() => undefined);
		}
	};
	for (let i = 0; i < Math.min(concurrency, queue.length); i++) void worker();
	let hits = 0;
	return {
		result(value) {
			const key = fc.stringify(value);
			if (!drawn.has(key)) return run(value as V);
			hits += 1;
			return start(key, value as V);
		},
		async stop() {
			stopped = true;
			await Promise.allSettled(started.values());
		},
		get hits() {
			return hits;
		},
	};
}
