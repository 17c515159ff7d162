import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { summariseProfile, type CpuProfile, type ProfileSummary } from '../measure/cpu-profile';
import { executeMeasured } from '../measure/n8n-execution';
import { segmentTiming } from '../measure/run-data';
import type { BenchFigures } from '../report/figures';
import { COUNTED_SCENARIOS, SCENARIOS, type ScenarioId } from '../scenarios';
import type { CountedTargets } from '../chains/counted';
import { roundWorkflow, type RoundPlan } from '../workflow/round-workflow';
import { EXECUTE_TIMEOUT_MS, type BenchContext } from './context';

export const PROFILE_WORKFLOW_ID = 'benchProfile';

/** The scenarios profiled: where the node's time per item goes, for a write and a read. */
const PROFILED: ScenarioId[] = ['create1000', 'get1000'];

/** With the counted scenarios' services: also the guarded create x1,000 (what the default guard adds to create's time). */
export function profilePlan(context: Pick<BenchContext, 'fixtures' | 'layout' | 'main' | 'list'>, warmUpItems: number, targets?: CountedTargets): RoundPlan {
	return roundWorkflow({
		id: PROFILE_WORKFLOW_ID,
		name: 'bench: CPU profile of create and get x1,000',
		first: 'node',
		fixtures: context.fixtures,
		layout: context.layout,
		baseUrl: context.main.url,
		listBaseUrl: context.list.url,
		scenarios: SCENARIOS.filter((s) => PROFILED.includes(s.id)),
		warmUpItems,
		...(targets ? { counted: { scenarios: COUNTED_SCENARIOS.filter((s) => s.id === 'createGuarded1000'), targets } } : {}),
	});
}

/**
 * n8n run with V8's CPU profiler (--cpu-prof via NODE_OPTIONS) over the create and get x1,000 scenarios; the
 * samples inside each contender's window (run-data times mapped onto the profiler's clock) summarised.
 */
export async function profileCreate(context: BenchContext, plan: RoundPlan): Promise<NonNullable<BenchFigures['profile']>> {
	const dir = join(context.workDir, 'cpu-profile');
	mkdirSync(dir, { recursive: true });
	const clockFile = join(dir, 'clock.json');
	const { run } = await executeMeasured(context.cli, PROFILE_WORKFLOW_ID, {
		timeoutMs: EXECUTE_TIMEOUT_MS,
		env: { NODE_OPTIONS: `--require=${context.preloadFile} --cpu-prof --cpu-prof-dir=${dir}`, BENCH_CLOCK_FILE: clockFile },
	});
	const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
	if (!file) throw new Error(`n8n wrote no CPU profile into ${dir}`);
	const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
	const clock = JSON.parse(readFileSync(clockFile, 'utf8')) as { epochMs: number; monotonicUs: number };
	const toMonotonic = (epochMs: number) => clock.monotonicUs + (epochMs - clock.epochMs) * 1000;
	const summaries: NonNullable<BenchFigures['profile']> = {};
	for (const segment of plan.segments.filter((s) => !s.warmUp)) {
		const timing = segmentTiming(run, segment.nodeNames);
		const own = (summaries[segment.scenario] ??= {} as Record<'node' | 'http', ProfileSummary>);
		own[segment.contender as 'node' | 'http'] = summariseProfile(profile, toMonotonic(timing.from), toMonotonic(timing.to));
	}
	return summaries;
}
