import type { N8nCli } from '../../scripts/n8n/n8n-cli';
import { executeMeasured } from '../measure/n8n-execution';
import { segmentTiming } from '../measure/run-data';
import { EXECUTE_TIMEOUT_MS } from '../phases/context';
import type { BusyShare } from '../service/protocol';
import type { RequestKinds } from '../service/request-tally';
import type { ServiceClient } from '../service/service-client';
import type { RoundPlan } from '../workflow/round-workflow';
import { contenderOf, type GuardedContender } from './plan';

export interface ContenderRun {
	contender: GuardedContender;
	ms: number;
	outputItems: number;
	busy: BusyShare;
	/** The requests the service received while this contender's nodes ran. */
	requests: RequestKinds;
}

export interface GuardedRound {
	order: GuardedContender[];
	runs: ContenderRun[];
	/** Requests the service received during the execution but outside every contender's window (warm-ups included): 0 when the windows hold them all. */
	unattributed: number;
	wallMs: number;
}

const total = (kinds: RequestKinds) => Object.values(kinds).reduce((sum, count) => sum + count, 0);

/** One `n8n execute` of a plan: each timed contender's time, service busy share and requests, from the service's own log. */
export async function guardedRound(cli: N8nCli, service: ServiceClient, plan: RoundPlan): Promise<GuardedRound> {
	const from = Date.now();
	const { run, wallMs } = await executeMeasured(cli, plan.workflow.id, { timeoutMs: EXECUTE_TIMEOUT_MS });
	const to = Date.now();
	const runs: ContenderRun[] = [];
	let attributed = 0;
	for (const segment of plan.segments) {
		const timing = segmentTiming(run, segment.nodeNames);
		const requests = await service.requestKinds(timing.from, timing.to);
		attributed += total(requests);
		if (segment.warmUp) continue;
		runs.push({ contender: contenderOf(segment), ms: timing.ms, outputItems: timing.outputItems, busy: await service.busy(timing.from, timing.to), requests });
	}
	return { order: runs.map((r) => r.contender), runs, unattributed: total(await service.requestKinds(from, to)) - attributed, wallMs };
}
