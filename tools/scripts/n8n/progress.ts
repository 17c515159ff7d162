
/** Runs `work`, calling `tick` with the seconds so far every `everyMs` until it ends: a long step never goes quiet. */
async function tickWhile<T>(work: () => Promise<T>, everyMs: number, tick: (seconds: number) => void): Promise<T> {
	const started = Date.now();
	const timer = setInterval(() => tick(Math.round((Date.now() - started) / 1000)), everyMs);
	try {
		return await work();
	} finally {
		clearInterval(timer);
	}
}

/** A long install step of the n8n harness: a line every `everyMs` (15 s by default) until it ends. */
export function withTicker<T>(label: string, work: () => Promise<T>, everyMs = 15_000): Promise<T> {
	return tickWhile(work, everyMs, (seconds) => console.log(`[n8n setup] ... ${label}: ${seconds} s`));
}

/**
 * A long step of `npm start` that says it is still going: one line when it starts, one every `everyMs` while it
 * runs (installs and n8n's start print nothing for minutes otherwise), one with its time when it ends.
 */
export async function step<T>(label: string, work: () => Promise<T>, options: { everyMs?: number; log?: (line: string) => void } = {}): Promise<T> {
	const log = options.log ?? ((line: string) => console.log(line));
	const started = Date.now();
	log(`${label} ...`);
	const result = await tickWhile(work, options.everyMs ?? 10_000, (seconds) => log(`  ... still going: ${seconds} s`));
	log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
	return result;
}
