import type { IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import type { ApiEnvelope } from '../../../../shared/api-types';
import { recordIdOf } from '../../input/record-lookup';
import { readAfterWrite } from '../../request/read-api';
import { reportTwins, twinPaidInstead, twinUnchecked } from './action-twins';
import type { GuardedResource } from '../keys/matching';
import { decide, decisionOf, type WriteDecision } from '../path/write-guards';

/** What Send's and Record Payment's steps after the answer give the output: the record's state, and a twin met. */
export interface ActionSettled {
	answer: ApiEnvelope;
	/** Another execution's like write found in that state (action-twins). */
	twinReport?: string;
}

/**
 * Send's and Record Payment's steps after the answer (write-path, step 4): the service answers with a message only,
 * so the record is read once after the write; that read is also the **look again** for a like write another
 * execution made at the same moment, **reported** by the execution that was answered. A skip read the record
 * already. When the read fails, a write watched for a twin says the twin went unchecked.
 */
export async function settleAction(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	id: string,
	decision: WriteDecision | undefined,
	body: ApiEnvelope,
): Promise<ActionSettled> {
	if (decision?.kind === 'skip') return { answer: decision.answer ?? body };
	const watch = decision?.kind === 'write' ? decision.watch : undefined;
	const read = readAfterWrite(ctx, `/${resource}/${encodeURIComponent(id)}`);
	const answer = watch ? await read.catch((failure: unknown) => Promise.reject(twinUnchecked(ctx, resource, watch, failure))) : await read;
	const twinReport = decision?.kind === 'write' && watch ? reportTwins(ctx, resource, watch, answer, decision.key) : undefined;
	return { answer, twinReport };
}

/**
 * A payment the service refused (4xx) because its twin, sent by another execution at the same moment, was recorded
 * first (the invoice is Paid now): the item becomes a skip saying so (action-twins). False for any other failure.
 */
export async function refusedForTwin(ctx: IExecuteSingleFunctions, response: IN8nHttpFullResponse): Promise<boolean> {
	const decision = decisionOf(ctx);
	if (decision?.kind !== 'write' || decision.watch?.kind !== 'payment' || response.statusCode < 400 || response.statusCode >= 500) return false;
	const resource = decision.resource;
	const id = recordIdOf(ctx, resource);
	const answer = await readAfterWrite(ctx, `/${resource}/${encodeURIComponent(id)}`);
	const twinSkip = twinPaidInstead(resource, decision.watch, answer);
	if (twinSkip === undefined) return false;
	decide(ctx, { kind: 'skip', message: twinSkip, answer });
	return true;
}

