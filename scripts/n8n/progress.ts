/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
/**
 * A long step of `npm start` that says it is still going: one line when it starts, one every `everyMs` while it
 * runs (installs and n8n's start print nothing for minutes otherwise), one with its time when it ends.
 */
export async function step<T>(label: string, work: () => Promise<T>, options: { everyMs?: number; log?: (line: string) => void } = {}): Promise<T> {
	const log = options.log ?? ((line: string) => console.log(line));
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	log(`${label} ...`);
	const ticker = setInterval(() => log(`  ... still going: ${seconds()} s`), options.everyMs ?? 10_000);
	try {
		const result = await work();
		log(`  done in ${seconds()} s`);
		return result;
	} finally {
		clearInterval(ticker);
	}
}
