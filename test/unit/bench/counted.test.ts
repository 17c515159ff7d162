import { countedFigures, countedTable } from '../../../tools/bench/chains/counted-report';
import type { CountedTargets } from '../../../tools/bench/chains/counted';
import type { N8nRound, N8nSegmentResult } from '../../../tools/bench/phases/n8n-round';
import { COUNTED_SCENARIOS, SCENARIOS } from '../../../tools/bench/scenarios';
import { roundWorkflow } from '../../../tools/bench/workflow/round-workflow';

const fixtures = { clientIds: ['101', '102'], invoices: [] };
const target = (url: string) => ({ url, credential: { id: url, name: url }, clientIds: ['7', '8'] });
const targets: CountedTargets = { main: target('http://main'), lifecycle: target('http://lifecycle'), sequenceBook: target('http://book') };

describe('bench: issue 36 scenarios, requests counted by the service', () => {
	test('each round runs every counted scenario for both contenders after the others, each after an untimed warm-up', () => {
		const plan = roundWorkflow({ id: 'w', name: 'w', first: 'http', fixtures, layout: 'current', baseUrl: 'http://main', listBaseUrl: 'http://list', counted: { scenarios: COUNTED_SCENARIOS, targets } });
		const timed = plan.segments.filter((s) => !s.warmUp);
		expect(timed.map((s) => `${s.scenario} ${s.contender}`)).toEqual([
			...SCENARIOS.flatMap((s) => [`${s.id} http`, `${s.id} node`]),
			...COUNTED_SCENARIOS.flatMap((s) => [`${s.id} http`, `${s.id} node`]),
		]);
		expect(plan.segments.filter((s) => s.warmUp && s.service).map((s) => s.items)).toEqual([10, 10, 1, 1, 10, 10]);
		const names = plan.workflow.nodes.map((n) => n.name);
		expect(new Set(names).size).toBe(names.length);
		// the life-cycle chain: nine Invoicing nodes against nine HTTP Requests (and the Split Out of the client's invoices)
		const lifecycle = (contender: string) => timed.find((s) => s.scenario === 'lifecycle' && s.contender === contender)?.nodeNames ?? [];
		const typeOf = (name: string) => plan.workflow.nodes.find((n) => n.name === name)?.type;
		expect(lifecycle('node').map(typeOf)).toEqual(Array(9).fill('n8n-nodes-invoicing.invoicing'));
		expect(lifecycle('http').filter((n) => typeOf(n) === 'n8n-nodes-base.httpRequest')).toHaveLength(9);
		const sequence = plan.workflow.nodes.find((n) => n.name === 'nextInSequence100 node: Invoicing');
		expect(sequence?.parameters).toMatchObject({ numbering: 'next', numberPrefix: 'SEED-', numberDigits: 1 });
		expect(sequence?.credentials?.invoicingApi.id).toBe('http://book');
	});

	test('the inputs differ per contender, so no guard finds the other contender\'s records', () => {
		const plan = roundWorkflow({ id: 'w', name: 'w', first: 'node', fixtures, layout: 'current', baseUrl: 'http://main', listBaseUrl: 'http://list', scenarios: [], counted: { scenarios: COUNTED_SCENARIOS, targets } });
		const code = (name: string) => String(plan.workflow.nodes.find((n) => n.name === name)?.parameters.jsCode);
		expect(code('createGuarded1000 node: input')).toContain('"w-createGuarded1000-node"');
		expect(code('createGuarded1000 http: input')).toContain('"w-createGuarded1000-http"');
		expect(code('warm-up nextInSequence100 node: input')).toContain('quantity: 2');
		expect(code('nextInSequence100 node: input')).toContain('quantity: 1');
	});

	const segment = (scenario: N8nSegmentResult['scenario'], contender: 'node' | 'http', ms: number, requests: Record<string, number>): N8nSegmentResult => ({
		scenario,
		contender,
		timing: { ms, from: 0, to: ms, outputItems: 1 },
		busy: { eventLoop: 0, cpu: 0 },
		peakRssKb: 0,
		requests,
	});
	const round = (nodeMs: number, requests = { 'GET /invoice/all': 1, 'POST /invoice/add': 1 }): N8nRound => ({
		segments: COUNTED_SCENARIOS.flatMap((s) => [segment(s.id, 'node', nodeMs, requests), segment(s.id, 'http', 100, { 'POST /invoice/add': 1 })]),
		hwmKb: 0,
		wallMs: 0,
	});

	test('ratios of medians to the HTTP chain of the same rounds; a round with other requests is named', () => {
		const [first] = countedFigures([round(40), round(60), round(50)]);
		expect(first).toMatchObject({ node: { median: 50, min: 40, max: 60 }, nodeToHttp: 0.5, unlike: [] });
		expect(countedTable([first])).toContain('| 2 / 1 |');
		const [changed] = countedFigures([round(40, { 'GET /invoice/all': 2, 'POST /invoice/add': 1 }), round(60)]);
		expect(changed.unlike).toEqual(['round 1 node: {"GET /invoice/all":2,"POST /invoice/add":1}']);
	});
});
