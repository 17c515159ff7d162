import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { startSandbox } from '../../tools/sandbox';
import { useSandbox, type Answer } from './http';

const ctx = useSandbox({ deterministic: true });

/** Sends `count` client creates at once, each with its own name; answers in the order sent. */
async function createClientsAtOnce(count: number, url = ctx.sandbox.url): Promise<Array<{ name: string; answer: Answer }>> {
	return await Promise.all(
		Array.from({ length: count }, async (_, i) => {
			const name = `Client ${i + 1}`;
			const response = await fetch(`${url}/client/add?names=${encodeURIComponent(name)}`, { method: 'POST' });
			const text = await response.text();
			return { name, answer: { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text } };
		}),
	);
}

describe('concurrency limit with a service time', () => {
	test('20 creates at once against maxConcurrent 5: some are refused with 429, the store holds exactly the others', async () => {
		ctx.sandbox.setLimits({ maxConcurrent: 5, serviceTimeMs: 300 });
		const results = await createClientsAtOnce(20);
		const succeeded = results.filter((r) => r.answer.status === 200).map((r) => r.name);
		const refused = results.filter((r) => r.answer.status === 429);
		expect(succeeded.length + refused.length).toBe(20);
		expect(refused.length).toBeGreaterThan(0);
		expect(succeeded.length).toBeGreaterThanOrEqual(5);
		expect(refused.map((r) => r.answer.body)).toEqual(
			refused.map(() => ({ status: 'error', message: 'Too many concurrent requests (limit 5); retry later.' })),
		);
		expect(ctx.sandbox.state().clients.map((c) => c.names).sort()).toEqual([...succeeded].sort());
		expect(ctx.sandbox.requests().filter((r) => r.status === 429)).toHaveLength(refused.length);
	});

	test('the same load one after another is never refused: the limit counts requests in flight, not requests', async () => {
		ctx.sandbox.setLimits({ maxConcurrent: 1, serviceTimeMs: 20 });
		const statuses: number[] = [];
		for (let i = 0; i < 5; i++) statuses.push((await ctx.call('POST', '/client/add', { names: `C${i}` }, 'query')).status);
		expect(statuses).toEqual([200, 200, 200, 200, 200]);
		expect(ctx.sandbox.state().clients).toHaveLength(5);
	});

	test('without a service time nothing overlaps, so the limit never refuses (the reason the service time exists)', async () => {
		ctx.sandbox.setLimits({ maxConcurrent: 1 });
		const results = await createClientsAtOnce(10);
		expect(results.map((r) => r.answer.status)).toEqual(Array(10).fill(200));
	});

	test('limits are set at start, replaced over HTTP, and refused when not whole numbers', async () => {
		const sandbox = await startSandbox({ limits: { maxConcurrent: 2, serviceTimeMs: 300 } });
		try {
			expect((await createClientsAtOnce(6, sandbox.url)).filter((r) => r.answer.status === 429).length).toBeGreaterThan(0);
			const control = `${sandbox.url.replace('/v1', '')}/__sandbox/limits`;
			const post = (body: unknown) => fetch(control, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => [r.status, await r.json()]);
			expect(await post({ serviceTimeMs: -1 })).toEqual([400, { status: 'error', message: 'Limit "serviceTimeMs" must be a whole number of 0 or more, got -1.' }]);
			expect(await post({ maxConcurrent: 1 })).toEqual([200, { status: 'success' }]);
			// replacing the limits lifted the service time: nothing overlaps any more
			expect((await createClientsAtOnce(6, sandbox.url)).map((r) => r.answer.status)).toEqual(Array(6).fill(200));
			expect(await post({ maxConcurrent: 1, serviceTimeMs: 300 })).toEqual([200, { status: 'success' }]);
			expect((await createClientsAtOnce(6, sandbox.url)).filter((r) => r.answer.status === 429).length).toBeGreaterThan(0);
		} finally {
			await sandbox.close();
		}
	});

	test('the CLI takes --max-concurrent and --service-time-ms', async () => {
		const root = join(__dirname, '..', '..');
		const cli = spawn(
			process.execPath,
			[join(root, 'node_modules', '.bin', 'ts-node'), '--transpile-only', join(root, 'tools', 'sandbox', 'cli.ts'), '--port', '0', '--max-concurrent', '1', '--service-time-ms', '300'],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		try {
			const url = await new Promise<string>((resolve, reject) => {
				cli.stdout.on('data', (chunk: Buffer) => {
					const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
					if (match) resolve(match[0]);
				});
				cli.once('exit', (code) => reject(new Error(`exited ${code}`)));
			});
			const statuses = (await createClientsAtOnce(4, url)).map((r) => r.answer.status);
			expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
			expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
		} finally {
			cli.kill('SIGTERM');
		}
	});
});
