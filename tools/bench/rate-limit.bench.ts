/**
 * The rate-limit goal: 2,000 Create Client items in one execution (n8n-core's engine, in this process)
 * against the sandbox in its own process limited to 5 requests at once and 100 per second, default settings.
 * Prints failures, clients stored (each once?), the 429s the service answered, the wall time and its ratio to
 * the service's own limit (2,000 / 100 per s = 20 s; the goal is at most 1.5).
 * Run: npm run bench:rate-limit [-- --off] [-- --items N] [-- --service-time-ms MS]
 *   --off: Rate Limits > Longest Wait = 0 (the node as it was: a 429 fails the item)
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import type { BookData, RecordedRequest } from '../sandbox';
import { runNode } from '../../test/engine/harness/run-node';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
	const at = args.indexOf(name);
	return at < 0 ? fallback : Number(args[at + 1]);
};
const ITEMS = flag('--items', 2_000);
const MAX_CONCURRENT = 5;
const MAX_PER_SECOND = 100;
const SERVICE_TIME_MS = flag('--service-time-ms', 2);
const OFF = args.includes('--off');

async function main() {
	const root = join(__dirname, '..', '..');
	const limits = args.includes('--unlimited') ? [] : ['--max-concurrent', String(MAX_CONCURRENT), '--max-per-second', String(MAX_PER_SECOND), '--service-time-ms', String(SERVICE_TIME_MS)];
	const sandbox = spawn(process.execPath, [join(root, 'node_modules', '.bin', 'ts-node'), '--transpile-only', join(root, 'tools', 'sandbox', 'cli.ts'), '--port', '0', '--deterministic', ...limits], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	try {
		const url = await new Promise<string>((resolve, reject) => {
			sandbox.stdout?.on('data', (chunk: Buffer) => {
				const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
				if (match) resolve(match[0]);
			});
			sandbox.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
		});
		const control = (path: string) => fetch(`${url.replace(/\/v1$/, '')}/__sandbox/${path}`).then((r) => r.json());
		const rows = Array.from({ length: ITEMS }, (_, i) => ({ name: `Client ${String(i + 1).padStart(5, '0')}` }));
		const started = Date.now();
		const result = await runNode({
			credentials: { baseUrl: url },
			parameters: { resource: 'client', operation: 'create', names: '={{ $json.name }}', ...(OFF ? { rateLimits: { longestWait: 0 } } : {}) },
			items: rows,
			continueOnFail: true,
		});
		const seconds = (Date.now() - started) / 1000;
		const stored = ((await control('state')) as BookData).clients.map((c) => c.names);
		const { requests } = (await control('requests')) as { requests: RecordedRequest[] };
		const failures = result.items.filter((i) => i.error).length;
		const inOrder = result.items.every((item, index) => item.error !== undefined || item.json.names === rows[index].name);
		const once = new Set(stored).size === stored.length;
		const ideal = ITEMS / MAX_PER_SECOND;
		console.log(`rate limits ${OFF ? 'off (as before)' : 'on (default)'}: ${ITEMS} Create Client items, service ${MAX_CONCURRENT} at once, ${MAX_PER_SECOND}/s, ${SERVICE_TIME_MS} ms each`);
		console.log(`  failures ${failures}, stored ${stored.length} (${once ? 'each once' : 'DUPLICATES'}), output in input order: ${inOrder}`);
		console.log(`  requests ${requests.length}, of them 429 ${requests.filter((r) => r.status === 429).length}`);
		console.log(`  wall time ${seconds.toFixed(1)} s, ratio to the service's limit (${ideal} s): ${(seconds / ideal).toFixed(2)} (goal <= 1.5)`);
	} finally {
		sandbox.kill('SIGTERM');
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
