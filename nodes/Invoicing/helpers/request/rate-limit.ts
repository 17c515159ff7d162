import { NodeApiError, type IExecuteSingleFunctions, type IN8nHttpFullResponse, type INodeExecutionData } from 'n8n-workflow';

import { ItemMemory } from '../../engine/item-memory';
import { engineRequest, type MiddlewareContext, type RoutedRequest } from '../../engine/request-middleware';
import { DEFAULT_TIMEOUT_MS } from '../../../shared/api-request';
import { sendThroughGate, type Pass, type RateGate } from '../../../shared/rate-gate';
import { gateOf, rateLimitBudgetMs, waitNote } from '../../../shared/rate-limit';
import { retryAfterMs } from '../../../shared/retry-after';

/** The pass of the operation's request in flight, by the item's context. */
const passes = new ItemMemory<{ gate: RateGate; pass: Pass }>();

/**
 * A 429 the run's gate took: the item sends it again, or fails with `failure()` once its wait is over. The
 * error a user sees is built only then (naming the row costs an expression evaluation per refusal).
 */
export class HeldRefusal extends Error {
	constructor(readonly failure: () => Error) {
		super('429 held by the rate-limit gate');
	}
}

/**
 * Tells the run's gate the outcome of the operation's request as soon as its answer is in (handleApiErrors,
 * the first postReceive step), so that a read the later steps make takes a pass of its own rather than
 * waiting behind this one. True for a 429 the gate took (throw a HeldRefusal).
 */
export function settleRoutedAnswer(ctx: IExecuteSingleFunctions, response: IN8nHttpFullResponse): boolean {
	const held = passes.get(ctx);
	if (!held) return false;
	const refused = response.statusCode === 429;
	held.gate.settle(held.pass, refused ? 'refused' : 'answered', refused ? retryAfterMs(response.headers) : undefined);
	return refused;
}

/** The routed request's items, or what it threw (a 429 this request was refused with, or any other failure). */
type Attempt = { items: INodeExecutionData[] } | { thrown: unknown };

/**
 * The operation's request through n8n's engine (request and postReceive steps), sent again while the service
 * answers 429, within the budget (Rate Limits > Longest Wait, at most the request's time-out). Only the
 * refusal of this request is sent again: a 429 of a read a postReceive step makes after a write fails the item
 * as it is (the write was answered). The last refusal fails the item with the service's message, saying how
 * long the node tried.
 */
export async function routeWithinRateLimits(
	ctx: MiddlewareContext,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const budgetMs = rateLimitBudgetMs(ctx, Number(requestData.options.timeout ?? DEFAULT_TIMEOUT_MS));
	if (budgetMs === 0) return await engineRequest(ctx, requestData);
	const gate = gateOf(ctx);
	const { result, wait } = await sendThroughGate<Attempt>(gate, ctx.getItemIndex(), budgetMs, async (pass) => {
		passes.set(Object.getPrototypeOf(ctx) as object, { gate, pass });
		try {
			return { items: await engineRequest(ctx, requestData) };
		} catch (error) {
			// any failure but this request's refusal ends the loop as it is (the pass counts it as failed)
			if (pass.outcome !== 'refused') gate.settle(pass, 'failed');
			return { thrown: error };
		}
	});
	if ('items' in result) return result.items;
	if (!(result.thrown instanceof HeldRefusal)) throw result.thrown;
	const error = result.thrown.failure();
	const note = waitNote(wait, budgetMs);
	if (note && error instanceof NodeApiError) error.description = [error.description, note].filter(Boolean).join(' ');
	throw error;
}
