import { createInputs, SCENARIOS, type Scenario, type ScenarioId } from '../scenarios';
import type { BenchContext } from './context';

export interface RawTiming {
	ms: number;
	from: number;
	to: number;
	outputItems: number;
	output: Array<Record<string, unknown>>;
}

/** Runs one scenario with the raw client; wall time from the first request to the last shaped item. */
export async function rawScenario(context: BenchContext, scenario: Scenario, prefix: string): Promise<RawTiming> {
	const { raw, fixtures } = context;
	const from = Date.now();
	const started = process.hrtime.bigint();
	let output: Array<Record<string, unknown>>;
	switch (scenario.id) {
		case 'create100':
		case 'create1000':
			output = await raw.create(context.main.url, createInputs(scenario.items, fixtures.clientIds, prefix));
			break;
		case 'get1000':
			output = await raw.get(context.main.url, fixtures.invoices.slice(0, scenario.items));
			break;
		case 'getMany10000':
			output = await raw.getManyNotPaid(context.list.url);
			break;
		case 'update1000':
			output = await raw.update(context.main.url, fixtures.invoices.slice(0, scenario.items));
			break;
		case 'createGuarded1000':
		case 'lifecycle':
		case 'nextInSequence100':
			throw new Error(`the raw client has no guards: ${scenario.id} is for the n8n contenders only`);
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	return { ms, from, to: Date.now(), outputItems: output.length, output };
}

/** All scenarios once with the raw client. */
export async function rawRound(context: BenchContext, round: string): Promise<Record<ScenarioId, RawTiming>> {
	const result = {} as Record<ScenarioId, RawTiming>;
	for (const scenario of SCENARIOS) result[scenario.id] = await rawScenario(context, scenario, `${round}-${scenario.id}`);
	return result;
}
