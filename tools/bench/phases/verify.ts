import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { evaluationsPerItem, type ExpressionCounts } from '../measure/expression-counts';
import { executeMeasured } from '../measure/n8n-execution';
import { outputDifference, sameOutput } from '../measure/output-check';
import { sameRequests, splitLog } from '../measure/request-check';
import { outputOf } from '../measure/run-data';
import type { RequestCheck } from '../report/figures';
import { requestsOf, SCENARIOS, type Scenario, type ScenarioId } from '../scenarios';
import type { ServiceRequestSummary } from '../service/protocol';
import { inputPrefix, roundWorkflow, type RoundPlan, type Segment } from '../workflow/round-workflow';
import { EXECUTE_TIMEOUT_MS, type BenchContext } from './context';
import { rawScenario } from './raw-round';

export const VERIFY_WORKFLOW_ID = 'benchVerify';
/** Items per scenario in the verification run: enough to average per item, few enough for the request logs. */
const VERIFY_ITEMS = 20;

export const verifyScenarios = (): Scenario[] => SCENARIOS.map((s) => ({ ...s, items: s.id === 'getMany10000' ? 1 : VERIFY_ITEMS }));

export function verifyPlan(context: Pick<BenchContext, 'fixtures' | 'layout' | 'main' | 'list'>): RoundPlan {
	return roundWorkflow({
		id: VERIFY_WORKFLOW_ID,
		name: 'bench: verify requests, outputs, expression counts',
		first: 'node',
		fixtures: context.fixtures,
		layout: context.layout,
		baseUrl: context.main.url,
		listBaseUrl: context.list.url,
		scenarios: verifyScenarios(),
	});
}

export interface Verification {
	checks: RequestCheck[];
	expressionsPerItem: Record<ScenarioId, { node: number; http: number }>;
	engine: string;
}

const serviceOf = (scenario: ScenarioId): 'main' | 'list' => (scenario === 'getMany10000' ? 'list' : 'main');

/** Requests of each segment, cut from the two services' logs in run order. */
function requestsBySegment(segments: Segment[], logs: Record<'main' | 'list', ServiceRequestSummary[]>): ServiceRequestSummary[][] {
	const result: ServiceRequestSummary[][] = [];
	for (const service of ['main', 'list'] as const) {
		const own = segments.map((segment, index) => ({ segment, index })).filter(({ segment }) => serviceOf(segment.scenario) === service);
		const pieces = splitLog(logs[service], own.map(({ segment }) => requestsOf(segment.scenario, segment.items)));
		own.forEach(({ index }, piece) => (result[index] = pieces[piece]));
	}
	return result;
}

/**
 * One n8n run with few items and the expression counter: the three contenders must send the same requests and
 * give the same items; the counts give expression evaluations per item.
 */
export async function verify(context: BenchContext, plan: RoundPlan): Promise<Verification> {
	await Promise.all([context.main.clearRequests(), context.list.clearRequests()]);
	const countsFile = join(context.workDir, 'expression-counts.json');
	const { run } = await executeMeasured(context.cli, VERIFY_WORKFLOW_ID, {
		timeoutMs: EXECUTE_TIMEOUT_MS,
		env: { NODE_OPTIONS: `--require=${context.preloadFile}`, BENCH_COUNTS_FILE: countsFile, BENCH_N8N_PACKAGE_DIR: context.n8nPackageDir },
	});
	const counts = JSON.parse(readFileSync(countsFile, 'utf8')) as ExpressionCounts;
	const logs = { main: await context.main.requests(), list: await context.list.requests() };
	for (const [service, log] of Object.entries(logs)) {
		const kinds = new Map<string, number>();
		for (const request of log) {
			const kind = `${request.method} ${request.path.replace(/\d{6,}/g, '{id}')}`;
			kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
		}
		console.log(`verification: ${service} service logged ${[...kinds].map(([kind, count]) => `${count} x ${kind}`).join(', ')}`);
	}
	const n8nRequests = requestsBySegment(plan.segments, logs);

	await Promise.all([context.main.clearRequests(), context.list.clearRequests()]);
	const rawOutputs = new Map<ScenarioId, Array<Record<string, unknown>>>();
	for (const scenario of verifyScenarios()) {
		rawOutputs.set(scenario.id, (await rawScenario(context, scenario, inputPrefix(VERIFY_WORKFLOW_ID, scenario.id))).output);
	}
	const rawSegments = verifyScenarios().map((s) => ({ scenario: s.id, items: s.items }) as Segment);
	const rawRequests = requestsBySegment(rawSegments, { main: await context.main.requests(), list: await context.list.requests() });

	const checks: RequestCheck[] = [];
	const expressionsPerItem = {} as Verification['expressionsPerItem'];
	for (const [scenarioIndex, scenario] of verifyScenarios().entries()) {
		const nodeIndex = plan.segments.findIndex((s) => s.scenario === scenario.id && s.contender === 'node');
		const httpIndex = plan.segments.findIndex((s) => s.scenario === scenario.id && s.contender === 'http');
		const node = plan.segments[nodeIndex];
		const http = plan.segments[httpIndex];
		const againstHttp = sameRequests(n8nRequests[nodeIndex], n8nRequests[httpIndex]);
		const againstRaw = sameRequests(n8nRequests[nodeIndex], rawRequests[scenarioIndex]);
		const nodeOutput = outputOf(run, node.nodeNames[node.nodeNames.length - 1]);
		const httpOutput = outputOf(run, http.nodeNames[http.nodeNames.length - 1]);
		const rawOutput = rawOutputs.get(scenario.id) ?? [];
		const outputs = sameOutput(scenario.id, nodeOutput, httpOutput) && sameOutput(scenario.id, nodeOutput, rawOutput);
		const details = [
			againstHttp.detail && `node vs HTTP: ${againstHttp.detail}`,
			againstRaw.detail && `node vs raw: ${againstRaw.detail}`,
			!outputs &&
				`the output items differ between contenders: node vs HTTP ${outputDifference(scenario.id, nodeOutput, httpOutput)}; node vs raw ${outputDifference(scenario.id, nodeOutput, rawOutput)}`,
		].filter(Boolean);
		checks.push({
			scenario: scenario.id,
			requests: n8nRequests[nodeIndex].length,
			same: againstHttp.same && againstRaw.same && outputs,
			...(details.length ? { detail: details.join('\n') } : {}),
		});
		expressionsPerItem[scenario.id] = {
			node: evaluationsPerItem(counts, node.nodeNames, scenario.items),
			http: evaluationsPerItem(counts, http.nodeNames, scenario.items),
		};
	}
	return { checks, expressionsPerItem, engine: counts.engine };
}
