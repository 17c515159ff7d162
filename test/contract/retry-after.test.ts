import { useSandbox } from './http';

const ctx = useSandbox({ deterministic: true });

/** Sends `count` client creates at once; the status and Retry-After header of each answer, in the order sent. */
async function createAtOnce(count: number): Promise<Array<[number, string | null]>> {
	return await Promise.all(
		Array.from({ length: count }, async (_, i) => {
			const response = await fetch(`${ctx.sandbox.url}/client/add?names=C${i}`, { method: 'POST' });
			await response.text();
			return [response.status, response.headers.get('retry-after')] as [number, string | null];
		}),
	);
}

describe('the sandbox answers its 429s with Retry-After, as honest as whole seconds allow', () => {
	test('per second: the window admits again when its oldest request is a second old, rounded up: 1', async () => {
		ctx.sandbox.setLimits({ maxPerSecond: 2 });
		const answers: Array<[number, string | null]> = [];
		for (let i = 0; i < 3; i++) {
			const response = await fetch(`${ctx.sandbox.url}/client/add?names=C${i}`, { method: 'POST' });
			await response.text();
			answers.push([response.status, response.headers.get('retry-after')]);
		}
		expect(answers).toEqual([
			[200, null],
			[200, null],
			[429, '1'],
		]);
	});

	test('concurrency, requests taking 0.3 s: a slot frees within the service time, under a second: 0', async () => {
		ctx.sandbox.setLimits({ maxConcurrent: 1, serviceTimeMs: 300 });
		const refused = (await createAtOnce(3)).filter(([status]) => status === 429);
		expect(refused.length).toBeGreaterThan(0);
		expect(new Set(refused.map(([, retryAfter]) => retryAfter))).toEqual(new Set(['0']));
	});

	test('concurrency, requests taking 2.5 s: the whole seconds until the oldest in flight ends, rounded down: 2', async () => {
		ctx.sandbox.setLimits({ maxConcurrent: 1, serviceTimeMs: 2_500 });
		const refused = (await createAtOnce(2)).filter(([status]) => status === 429);
		expect(refused).toEqual([[429, '2']]);
	});

	test('a 429 fault says what it is given, seconds or an HTTP date', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '7', path: '/v1/client/all' });
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: 'Thu, 15 Jan 2026 10:00:30 GMT', path: '/v1/client/all' });
		const headers = [];
		for (let i = 0; i < 2; i++) {
			const response = await fetch(`${ctx.sandbox.url}/client/all`);
			headers.push([response.status, response.headers.get('retry-after'), await response.json()]);
		}
		expect(headers).toEqual([
			[429, '7', { status: 'error', message: 'Simulated failure with status 429.' }],
			[429, 'Thu, 15 Jan 2026 10:00:30 GMT', { status: 'error', message: 'Simulated failure with status 429.' }],
		]);
	});
});
