import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { summariseProfile, type CpuProfile, type ProfileSummary } from '../measure/cpu-profile';
import { executeMeasured } from '../measure/n8n-execution';
import { segmentTiming } from '../measure/run-data';
import { SCENARIOS } from '../scenarios';
import { roundWorkflow, type RoundPlan } from '../workflow/round-workflow';
import { EXECUTE_TIMEOUT_MS, type BenchContext } from './context';

export const PROFILE_WORKFLOW_ID = 'benchProfile';

export function profilePlan(context: Pick<BenchContext, 'fixtures' | 'layout' | 'main' | 'list'>, warmUpItems: number): RoundPlan {
	return roundWorkflow({
		id: PROFILE_WORKFLOW_ID,
		name: 'bench: CPU profile of create x1,000',
		first: 'node',
		fixtures: context.fixtures,
		layout: context.layout,
		baseUrl: context.main.url,
		listBaseUrl: context.list.url,
		scenarios: SCENARIOS.filter((s) => s.id === 'create1000'),
		warmUpItems,
	});
}

/**
 * n8n run with V8's CPU profiler (--cpu-prof via NODE_OPTIONS) over the create x1,000 scenario; the samples
 * inside each contender's window (run-data times mapped onto the profiler's clock) summarised.
 */
export async function profileCreate(context: BenchContext, plan: RoundPlan): Promise<Record<'node' | 'http', ProfileSummary>> {
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
	const summaries = {} as Record<'node' | 'http', ProfileSummary>;
	for (const segment of plan.segments.filter((s) => !s.warmUp)) {
		const timing = segmentTiming(run, segment.nodeNames);
		summaries[segment.contender] = summariseProfile(profile, toMonotonic(timing.from), toMonotonic(timing.to));
	}
	return summaries;
}
