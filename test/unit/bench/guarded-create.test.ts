import { guardedPlans, rotations } from '../../../tools/bench/guarded/plan';
import { guardedFigures, guardedTable, problems } from '../../../tools/bench/guarded/report';
import type { GuardedRound } from '../../../tools/bench/guarded/round';
import { GUARDED_CREATE, SCENARIOS } from '../../../tools/bench/scenarios';
import { requestKind, RequestTally } from '../../../tools/bench/service/request-tally';
import { startSandbox, type RecordedRequest } from '../../../tools/sandbox';

const fixtures = { clientIds: ['101', '102'], invoices: [] };

describe('bench: the look after a guarded create', () => {
	test('requests are counted by kind: the API prefix dropped, record ids as {id}', () => {
		expect(requestKind('GET', '/v1/client/1000123')).toBe('GET /client/{id}');
		expect(requestKind('POST', '/v1/invoice/add')).toBe('POST /invoice/add');
		expect(requestKind('GET', '/v1/invoice/all')).toBe('GET /invoice/all');
		expect(requestKind('PUT', '/v1/estimate/42/convert')).toBe('PUT /estimate/{id}/convert');
	});

	test('the sandbox hands every API request to onRequest as it logs it (its log keeps only the last 1,000)', async () => {
		const seen: RecordedRequest[] = [];
		const sandbox = await startSandbox({ apiKey: 'k', seed: 'empty', onRequest: (entry) => seen.push(entry) });
		try {
			for (let index = 0; index < 3; index++) await fetch(`${sandbox.url}/invoice/all`, { headers: { Authorization: 'Bearer k' } });
		} finally {
			await sandbox.close();
		}
		expect(seen.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(Array(3).fill('GET /v1/invoice/all 200'));
		expect(seen.every((entry) => entry.receivedAt > 0)).toBe(true);
	});

	test('a tally counts only the requests inside the window, both ends included', () => {
		const tally = new RequestTally();
		tally.add('GET /client/{id}', 99);
		tally.add('GET /client/{id}', 100);
		tally.add('POST /invoice/add', 150);
		tally.add('POST /invoice/add', 200);
		tally.add('POST /invoice/add', 201);
		expect(tally.within(100, 200)).toEqual({ 'GET /client/{id}': 1, 'POST /invoice/add': 2 });
	});

	test('the guarded scenario is left out of npm run bench (its verification wants the HTTP chain requests)', () => {
		expect(SCENARIOS.map((s) => s.id)).not.toContain(GUARDED_CREATE.id);
	});

	test('every contender goes first, second and last once in three rounds', () => {
		const orders = rotations();
		expect(orders).toEqual([
			['guarded', 'anyway', 'http'],
			['anyway', 'http', 'guarded'],
			['http', 'guarded', 'anyway'],
		]);
	});

	test('one workflow per order: the guarded node with If Already Exists at its default, Create Anyway, the HTTP POST, 1,000 items each after a warm-up', () => {
		const plans = guardedPlans({ fixtures, layout: 'current', baseUrl: 'http://127.0.0.1:1/v1', warmUpItems: 5 });
		expect(plans).toHaveLength(3);
		const [first] = plans;
		expect(first.segments.map((s) => [s.scenario, s.contender, s.items, s.warmUp])).toEqual([
			['createGuarded1000', 'node', 5, true],
			['create1000', 'node', 5, true],
			['create1000', 'http', 5, true],
			['createGuarded1000', 'node', 1000, false],
			['create1000', 'node', 1000, false],
			['create1000', 'http', 1000, false],
		]);
		const node = (name: string) => first.workflow.nodes.find((n) => n.name === name);
		const guarded = node('createGuarded1000 node: Invoicing');
		const anyway = node('create1000 node: Invoicing');
		expect(guarded?.parameters).toMatchObject({ resource: 'invoice', operation: 'create', invoiceNo: '={{ $json.invoice_no }}' });
		expect(guarded?.parameters).not.toHaveProperty('ifExists');
		expect(anyway?.parameters).toMatchObject({ resource: 'invoice', operation: 'create', ifExists: 'create' });
		expect(node('create1000 http: HTTP Request')?.parameters).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:1/v1/invoice/add' });
		// the guarded inputs are new in every execution, or the next round's guard would find them and create nothing
		expect(String(node('createGuarded1000 node: input')?.parameters.jsCode)).toContain('$execution.id');
		expect(plans.map((p) => p.segments.filter((s) => !s.warmUp).map((s) => `${s.scenario} ${s.contender}`)[0])).toEqual([
			'createGuarded1000 node',
			'create1000 node',
			'create1000 http',
		]);
	});

	const run = (contender: 'guarded' | 'anyway' | 'http', ms: number, requests: Record<string, number>, outputItems = 1000) => ({
		contender,
		ms,
		outputItems,
		busy: { eventLoop: 0.1, cpu: 0.1 },
		requests,
	});
	const round = (reads: number, guardedPosts = 1000): GuardedRound => ({
		order: ['guarded', 'anyway', 'http'],
		runs: [
			run('guarded', 9000 + reads, { 'GET /client/{id}': reads, 'POST /invoice/add': guardedPosts }),
			run('anyway', 7000, { 'POST /invoice/add': 1000 }),
			run('http', 9500, { 'POST /invoice/add': 1000 }),
		],
		unattributed: 0,
		wallMs: 40_000,
	});

	test('figures: medians, ratios to the HTTP chain and the requests of every round', () => {
		const figures = guardedFigures([round(20), round(40), round(30)]);
		expect(figures.guarded.ms).toEqual({ median: 9030, min: 9020, max: 9040 });
		expect(figures.guarded.requests['GET /client/{id}']).toEqual([20, 40, 30]);
		expect(figures.http.requests['GET /client/{id}']).toEqual([0, 0, 0]);
		expect(figures.guardedToHttp).toBeCloseTo(9030 / 9500);
		expect(figures.anywayToHttp).toBeCloseTo(7000 / 9500);
		expect(figures.guardedMinusAnyway).toEqual({ median: 2030, min: 2020, max: 2040 });
		const rows = guardedTable(figures)
			.split('\n')
			.map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
		expect(rows[0]).toEqual(['contender', 'ms', 'x HTTP', 'GET /client/{id}', 'GET /invoice/all', 'POST /invoice/add', 'other requests']);
		expect(rows.slice(2)).toEqual([
			['node, default guards', '9030 (9020-9040)', '0.95', '30 (20-40)', '0', '1000', '-'],
			['node, Create Anyway', '7000 (7000-7000)', '0.74', '0', '0', '1000', '-'],
			['HTTP Request chain', '9500 (9500-9500)', '1.00', '0', '0', '1000', '-'],
		]);
		expect(problems(figures, 1000)).toEqual([]);
	});

	test('a contender that did not create every invoice makes the figures wrong', () => {
		expect(problems(guardedFigures([round(20, 0)]), 1000)).toEqual(['node, default guards: POST /invoice/add per round 0, expected 1000']);
	});
});
