import fc from 'fast-check';
import { appendFileSync } from 'node:fs';

import { runAhead, type Ahead } from './ahead';
import { checkInvariants } from './invariants';
import { scenarioArbitrary, type Scenario } from './model';
import { runScenario } from './run-scenario';
import { withEngineRejectionsHandled } from '../engine/harness/engine-rejections';

/**
 * Generated fault scenarios (issues 30, 34): whole runs of the node drawn by fast-check (any write operation, a
 * chain of 1-3 steps, 1-4 executions at once, 1-30 items over 1-5 keys, settings, faults before and after the
 * write), each checked against the package's promises (`invariants.ts`, `write-invariants.ts`). Seeded: the same seed draws the same scenarios. A failure prints the seed, the path and one
 * command that replays the shrunk counter-example. More: `npm run test:scenarios -- --runs 2000`.
 */
const env = process.env;
const runs = Number(env.INVOICING_SCENARIO_RUNS ?? 300);
const seed = Number(env.INVOICING_SCENARIO_SEED ?? 20261126);
const path = env.INVOICING_SCENARIO_PATH;
/** With a path: 1 shrinks the replayed scenario further (a survey's paths are not shrunk). */
/** Survey mode: every counter-example is written to this file (JSON lines, not shrunk) and the runs go on. */
const survey = env.INVOICING_SCENARIO_SURVEY;
/** Shrinking replays scenarios that each take up to seconds: bounded, the best found so far is printed. */
const SHRINK_BUDGET_MS = 240_000;
/** Scenarios run ahead at once (see ahead.ts); 1: one after another, as the check asks. */
const AT_ONCE = Number(env.INVOICING_SCENARIO_AT_ONCE ?? 4);

/** One scenario run and checked: the broken promises (none: it held) and how long it took. */
async function verdict(scenario: Scenario): Promise<{ problems: string[]; ms: number }> {
	const started = Date.now();
	const problems = checkInvariants(await runScenario(scenario));
	return { problems, ms: Date.now() - started };
}

test(`${path ? `replay of seed ${seed} path ${path}` : `${runs} scenarios, seed ${seed}`}: the invariants hold`, async () => {
	let index = 0;
	let firstFailureAt = 0;
	let ahead: Ahead<{ problems: string[]; ms: number }> | undefined;
	const property = fc.asyncProperty(scenarioArbitrary, async (scenario) => {
		// shrinking past its budget: every further candidate counts as passing, so the smallest failure so far stands
		if (firstFailureAt > 0 && Date.now() > firstFailureAt + SHRINK_BUDGET_MS) return;
		const { problems, ms } = await (ahead ? ahead.result(scenario) : verdict(scenario)).catch(async (error: unknown) => {
			// a scenario that threw fails the check as before; shrinking then runs alone
			await ahead?.stop();
			throw error;
		});
		index += 1;
		if (survey) appendFileSync(`${survey}.times`, `${ms}\n`);
		if (problems.length === 0) return;
		if (survey) appendFileSync(survey, `${JSON.stringify({ seed, path: String(index - 1), problems, scenario })}\n`);
		else {
			if (firstFailureAt === 0) firstFailureAt = Date.now();
			// shrinking runs its candidates alone: none starts while scenarios run ahead are still going
			await ahead?.stop();
			throw new Error(problems.join('\n'));
		}
	});
	const details = await withEngineRejectionsHandled(async () => {
		// the values fc.check draws for this seed, in its order (a replayed path runs its one scenario alone)
		if (!path && AT_ONCE > 1) ahead = runAhead(fc.sample(scenarioArbitrary, { seed, numRuns: runs }), verdict, AT_ONCE);
		return await fc.check(property, { seed, numRuns: path ? 1 : runs, ...(path ? { path, endOnFailure: env.INVOICING_SCENARIO_SHRINK !== '1' } : {}) });
	});
	// every scenario the check asked for was one drawn ahead: otherwise they ran one by one (fast-check drew others)
	if (!details.failed && ahead) expect(ahead.hits).toBe(runs);
	if (!details.failed) return;
	const shrunk = details.counterexample?.[0];
	const replay = `npm run test:scenarios -- --seed ${details.seed} --path ${details.counterexamplePath ?? ''}`;
	const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
	throw new Error(
		[`Counter-example after ${details.numRuns} scenarios (seed ${details.seed}, path ${details.counterexamplePath}).`, `Replay: ${replay}`, `Scenario: ${JSON.stringify(shrunk)}`, error].join('\n'),
	);
}, 3_600_000);
