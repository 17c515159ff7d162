import type { WorkflowFile, WorkflowNode } from '../../scripts/n8n/workflows';
import { countedSegment, type CountedTargets } from '../chains/counted';
import { SCENARIOS, type CountedScenario, type CountedService, type Fixtures, type Scenario, type ScenarioId } from '../scenarios';
import { httpChainNodes } from './http-contender';
import { inputNode } from './inputs';
import { invoicingNodes, type ParameterLayout } from './node-contender';
import { workflowNode } from './nodes';


/** Which run-data nodes make up one contender in one scenario (their execution times are summed). */
export interface Segment {
	scenario: ScenarioId;
	contender: 'node' | 'http';
	items: number;
	nodeNames: string[];
	warmUp: boolean;
	/** A counted scenario's service (its requests are counted per contender). */
	service?: CountedService;
}

export interface RoundPlan {
	workflow: WorkflowFile;
	segments: Segment[];
}

export interface RoundOptions {
	id: string;
	name: string;
	/** Contender that goes first in every scenario of this workflow. */
	first: 'node' | 'http';
	fixtures: Fixtures;
	layout: ParameterLayout;
	baseUrl: string;
	listBaseUrl: string;
	/** Scenarios and their item counts (the verification run uses few items). */
	scenarios?: Scenario[];
	/** Untimed create and get segments of this many items at the start (JIT and connection warm-up). */
	warmUpItems?: number;
	/**
	 * The segments in this order instead (warm-ups included): for contenders that are not one node and one HTTP
	 * chain per scenario, e.g. the guarded node, the node with Create Anyway and the HTTP chain of one create.
	 */
	steps?: RoundStep[];
	/** The counted scenarios after the others (each with an untimed warm-up of up to 10 items first). */
	counted?: { scenarios: CountedScenario[]; targets: CountedTargets };
}

/** Untimed items of a counted scenario's warm-up. */
const COUNTED_WARM_UP_ITEMS = 10;

export interface RoundStep {
	scenario: Scenario;
	contender: 'node' | 'http';
	warmUp?: boolean;
}

/** Invoice numbers of a create are `<prefix>-<n>`: the same for every contender, so their requests are the same bytes. */
export function inputPrefix(workflowId: string, scenario: ScenarioId, warmUp = false): string {
	return `${workflowId}-${warmUp ? 'warmup-' : ''}${scenario}`;
}

/**
 * One workflow: Manual Trigger -> (Code -> contender) for each scenario and contender, as one linear chain, so
 * one `n8n execute` runs a whole round and the run data gives each node's own execution time.
 */
export function roundWorkflow(options: RoundOptions): RoundPlan {
	const nodes: WorkflowNode[] = [workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, {})];
	const segments: Segment[] = [];
	const order: Array<'node' | 'http'> = options.first === 'node' ? ['node', 'http'] : ['http', 'node'];
	const add = (scenario: Scenario, warmUp: boolean, contenders = order) => {
		for (const contender of contenders) {
			const tag = `${warmUp ? 'warm-up ' : ''}${scenario.id} ${contender}:`;
			nodes.push(inputNode(`${tag} input`, scenario, options.fixtures, inputPrefix(options.id, scenario.id, warmUp)));
			const contenderNodes =
				contender === 'node'
					? invoicingNodes(scenario.id, options.layout, tag)
					: httpChainNodes(scenario.id, options.baseUrl, options.listBaseUrl, tag);
			nodes.push(...contenderNodes);
			segments.push({ scenario: scenario.id, contender, items: scenario.items, nodeNames: contenderNodes.map((node) => node.name), warmUp });
		}
	};
	if (options.steps) {
		for (const step of options.steps) add(step.scenario, step.warmUp ?? false, [step.contender]);
	} else {
		if (options.warmUpItems) {
			for (const scenario of SCENARIOS.filter((s) => s.id === 'create100' || s.id === 'get1000')) add({ ...scenario, items: options.warmUpItems }, true);
		}
		for (const scenario of options.scenarios ?? SCENARIOS) add(scenario, false);
	}
	const addCounted = (scenario: CountedScenario, warmUp: boolean) => {
		if (!options.counted) return;
		for (const contender of order) {
			const tag = `${warmUp ? 'warm-up ' : ''}${scenario.id} ${contender}:`;
			const prefix = inputPrefix(options.id, scenario.id, warmUp);
			const segment = countedSegment(scenario, contender, tag, { targets: options.counted.targets, fixtures: options.fixtures, layout: options.layout, prefix });
			nodes.push(segment.input, ...segment.nodes);
			segments.push({ scenario: scenario.id, contender, items: scenario.items, nodeNames: segment.nodes.map((node) => node.name), warmUp, service: scenario.service });
		}
	};
	for (const scenario of options.counted?.scenarios ?? []) addCounted({ ...scenario, items: Math.min(scenario.items, COUNTED_WARM_UP_ITEMS) }, true);
	for (const scenario of options.counted?.scenarios ?? []) addCounted(scenario, false);
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		workflow: { id: options.id, name: options.name, active: false, settings: { executionOrder: 'v1' }, nodes, connections },
		segments,
	};
}
