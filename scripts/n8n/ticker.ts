/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */

/** Runs a long step, printing a progress line every `everyMs` (15 s by default) until it ends, so a console or a CI log never goes quiet. */
export async function withTicker<T>(label: string, step: () => Promise<T>, everyMs = 15000): Promise<T> {
	const started = Date.now();
	const timer = setInterval(() => console.log(`[n8n setup] ... ${label}: ${Math.round((Date.now() - started) / 1000)} s`), everyMs);
	try {
		return await step();
	} finally {
		clearInterval(timer);
	}
}
