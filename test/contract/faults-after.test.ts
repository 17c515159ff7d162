import { useSandbox } from './http';

const ctx = useSandbox({ deterministic: true });
beforeEach(() => ctx.sandbox.clearRequests());

const addClient = (names: string) => fetch(`${ctx.sandbox.url}/client/add?names=${names}`, { method: 'POST' });
const clientNames = () => ctx.sandbox.state().clients.map((c) => c.names);

describe('faults after the write is applied, and the request log\'s times', () => {
	test('"status" after: the client is stored, the answer is the failure', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'lost the answer', when: 'after', path: '/v1/client/add' });
		const response = await addClient('Acme');
		expect([response.status, await response.json()]).toEqual([500, { status: 'error', message: 'lost the answer' }]);
		expect(clientNames()).toEqual(['Acme']);
		expect(ctx.sandbox.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v1/client/add 500']);
	});

	test('"status" before (the default): nothing is stored', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, when: 'before', path: '/v1/client/add' });
		expect((await addClient('Acme')).status).toBe(500);
		expect(clientNames()).toEqual([]);
	});

	test('"drop" after: the connection closes without an answer, the client is stored', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', when: 'after', path: '/v1/client/add' });
		await expect(addClient('Acme')).rejects.toThrow();
		expect(clientNames()).toEqual(['Acme']);
		ctx.sandbox.injectFault({ kind: 'drop', path: '/v1/client/add' });
		await expect(addClient('Beta')).rejects.toThrow();
		expect(clientNames()).toEqual(['Acme']);
	});

	test('"delay" after: the client is stored before the answer comes', async () => {
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, when: 'after', path: '/v1/client/add' });
		const answer = addClient('Acme');
		// stored while the answer is still held
		for (let i = 0; i < 100 && clientNames().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(clientNames()).toEqual(['Acme']);
		expect(ctx.sandbox.requests().map((r) => r.status)).toEqual([0]);
		expect((await answer).status).toBe(200);
		expect(ctx.sandbox.requests().map((r) => r.status)).toEqual([200]);
	});

	test('Retry-After as any text, as given; as an HTTP date counted from the answer; the log keeps what was sent', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: 'Mon 5', path: '/v1/client/all' });
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfterDateInMs: 3_000, path: '/v1/client/all' });
		const first = await fetch(`${ctx.sandbox.url}/client/all`);
		const second = await fetch(`${ctx.sandbox.url}/client/all`);
		expect(first.headers.get('retry-after')).toBe('Mon 5');
		const date = second.headers.get('retry-after') ?? '';
		const inMs = Date.parse(date) - Date.parse(second.headers.get('date') ?? '');
		expect(inMs).toBe(3_000);
		expect(ctx.sandbox.requests().map((r) => [r.status, r.retryAfter])).toEqual([
			[429, 'Mon 5'],
			[429, date],
		]);
	});

	test('every request carries the time it arrived, in order', async () => {
		const before = Date.now();
		await fetch(`${ctx.sandbox.url}/client/all`);
		await fetch(`${ctx.sandbox.url}/invoice/all`);
		const times = ctx.sandbox.requests().map((r) => r.receivedAt);
		expect(times).toHaveLength(2);
		expect(times[0]).toBeGreaterThanOrEqual(before);
		expect(times[1]).toBeGreaterThanOrEqual(times[0]);
		expect(times[1]).toBeLessThanOrEqual(Date.now());
	});
});
