import type { ClientEvent } from '../scenarios/client-requests';
import { askedMs, pausesObeyed } from '../scenarios/invariants';
import type { Scenario } from '../scenarios/model';

/** Invariant (e) of the generated scenarios, on recorded client events (ms from the start of the run). */
const scenario = { executions: 1, chain: [], settings: { timeoutMs: 3000, longestWaitS: 2 } } as unknown as Scenario;
const DATE = 'Thu, 26 Nov 2026 15:00:00 GMT';
const start = (at: number, path = '/v1/invoice/add'): ClientEvent => ({ kind: 'start', at, method: 'POST', path });
const refused = (at: number, retryAfter?: string): ClientEvent => ({ kind: 'answer', at, method: 'POST', path: '/v1/invoice/add', status: 429, retryAfter, date: DATE });

describe('invariant (e): nothing starts inside a Retry-After pause the node obeys', () => {
	test('requests started before the 429 reached the node pass, however late the service reads them', () => {
		const client = [start(0), start(1), start(1), start(2), start(2), start(3), refused(40, '1'), start(1045)];
		expect(pausesObeyed({ scenario, client })).toEqual([]);
	});

	test('a request started after the 429 arrived and before its wait is over is named', () => {
		const client = [start(0), refused(40, '1'), start(300, '/v1/client/1')];
		expect(pausesObeyed({ scenario, client })).toEqual([
			'(e) 1 request(s) started 260 ms after a 429 asking to wait 1000 ms (Retry-After "1") reached the node: POST /v1/client/1',
		]);
	});

	test('an HTTP date is measured from the answer\'s Date header', () => {
		expect(askedMs('Thu, 26 Nov 2026 15:00:02 GMT', DATE)).toBe(2000);
		const client = [start(0), refused(10, 'Thu, 26 Nov 2026 15:00:01 GMT'), start(900)];
		expect(pausesObeyed({ scenario, client })).toHaveLength(1);
	});

	test('the re-run is an execution of its own: not held to the pause of the one before it, held to its own', () => {
		const ended = [start(0), refused(10, '1')];
		expect(pausesObeyed({ scenario, client: [...ended, start(20)], againAt: 15 })).toEqual([]);
		expect(pausesObeyed({ scenario, client: [...ended, start(20)] })).toHaveLength(1);
		expect(pausesObeyed({ scenario, client: [...ended, start(20), refused(30, '1'), start(500)], againAt: 15 })).toEqual([
			'(e) 1 request(s) started 470 ms after a 429 asking to wait 1000 ms (Retry-After "1") reached the node: POST /v1/invoice/add',
		]);
	});

	test('waits the node does not obey are not checked: unreadable, under 300 ms, at or over its budget', () => {
		for (const retryAfter of [undefined, 'a 1', 'Mon 5', '0', '2', '3600']) {
			expect(pausesObeyed({ scenario, client: [refused(0, retryAfter), start(100)] })).toEqual([]);
		}
	});
});
