import { GUARDED_CREATE, SCENARIOS, type Fixtures, type Scenario } from '../scenarios';
import type { ParameterLayout } from '../workflow/node-contender';
import { roundWorkflow, type RoundPlan, type RoundStep, type Segment } from '../workflow/round-workflow';

/** The three contenders of `npm run bench:guarded-create`. */
export type GuardedContender = 'guarded' | 'anyway' | 'http';

export const GUARDED_CONTENDERS: GuardedContender[] = ['guarded', 'anyway', 'http'];

export const GUARDED_LABEL: Record<GuardedContender, string> = {
	guarded: 'node, default guards',
	anyway: 'node, Create Anyway',
	http: 'HTTP Request chain',
};

const CREATE_1000 = SCENARIOS.find((s) => s.id === 'create1000') as Scenario;

/** Which round-workflow segment each contender is: the guarded create is its own scenario, the other two are create1000's. */
function stepOf(contender: GuardedContender, scenario: Scenario, warmUp: boolean): RoundStep {
	if (contender === 'guarded') return { scenario: { ...GUARDED_CREATE, items: scenario.items }, contender: 'node', warmUp };
	return { scenario, contender: contender === 'anyway' ? 'node' : 'http', warmUp };
}

export function contenderOf(segment: Segment): GuardedContender {
	if (segment.scenario === GUARDED_CREATE.id) return 'guarded';
	return segment.contender === 'node' ? 'anyway' : 'http';
}

/** The three orders rounds take in turn: each contender goes first, second and last once every three rounds. */
export function rotations(): GuardedContender[][] {
	return GUARDED_CONTENDERS.map((_, shift) => GUARDED_CONTENDERS.map((__, index) => GUARDED_CONTENDERS[(index + shift) % GUARDED_CONTENDERS.length]));
}

export interface GuardedPlanOptions {
	fixtures: Fixtures;
	layout: ParameterLayout;
	baseUrl: string;
	warmUpItems: number;
}

/** One workflow per order: an untimed warm-up of each contender, then each contender's create x1,000 over 10 clients. */
export function guardedPlans(options: GuardedPlanOptions): RoundPlan[] {
	return rotations().map((order, index) => {
		const warmUp = options.warmUpItems > 0 ? order.map((c) => stepOf(c, { ...CREATE_1000, items: options.warmUpItems }, true)) : [];
		return roundWorkflow({
			id: `benchGuardedCreate${index + 1}`,
			name: `bench guarded create: ${order.join(', ')}`,
			first: 'node',
			fixtures: options.fixtures,
			layout: options.layout,
			baseUrl: options.baseUrl,
			listBaseUrl: options.baseUrl,
			steps: [...warmUp, ...order.map((c) => stepOf(c, CREATE_1000, false))],
		});
	});
}
