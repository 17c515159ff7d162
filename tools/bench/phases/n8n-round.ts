import { executeMeasured } from '../measure/n8n-execution';
import { segmentTiming, type SegmentTiming } from '../measure/run-data';
import type { ScenarioId } from '../scenarios';
import type { BusyShare } from '../service/protocol';
import type { RequestKinds } from '../service/request-tally';
import type { RoundPlan } from '../workflow/round-workflow';
import { EXECUTE_TIMEOUT_MS, serviceOfSegment, type BenchContext } from './context';

export interface N8nSegmentResult {
	scenario: ScenarioId;
	contender: 'node' | 'http';
	timing: SegmentTiming;
	busy: BusyShare;
	peakRssKb: number;
	/** Counted scenarios: the requests the service received within the contender's window. */
	requests?: RequestKinds;
}

export interface N8nRound {
	segments: N8nSegmentResult[];
	/** VmHWM of the n8n process over the whole run. */
	hwmKb: number;
	wallMs: number;
}

/** One `n8n execute` of a round workflow: each contender's time, its window's service busy share and n8n's RSS peak. */
export async function n8nRound(context: BenchContext, workflowId: string, plan: RoundPlan): Promise<N8nRound> {
	const { run, memory, wallMs } = await executeMeasured(context.cli, workflowId, { timeoutMs: EXECUTE_TIMEOUT_MS });
	const segments: N8nSegmentResult[] = [];
	for (const segment of plan.segments.filter((s) => !s.warmUp)) {
		const timing = segmentTiming(run, segment.nodeNames);
		const service = serviceOfSegment(context, segment);
		segments.push({
			...(segment.service ? { requests: await service.requestKinds(timing.from, timing.to) } : {}),
			scenario: segment.scenario,
			contender: segment.contender,
			timing,
			busy: await service.busy(timing.from, timing.to),
			peakRssKb: memory.peakWithin(timing.from, timing.to),
		});
	}
	return { segments, hwmKb: memory.hwmKb, wallMs };
}
