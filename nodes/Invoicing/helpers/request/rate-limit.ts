import { NodeApiError, type IExecuteSingleFunctions, type IN8nHttpFullResponse, type INodeExecutionData } from 'n8n-workflow';

import { executionHandle } from '../../engine/execution-memory';
import { ItemMemory } from '../../engine/item-memory';
import { engineRequest, type MiddlewareContext, type RoutedRequest } from '../../engine/request-middleware';
import { DEFAULT_TIMEOUT_MS } from '../../../shared/api-request';
import { RateGate } from '../../../shared/rate-gate';
import { notSentAnswer, NOT_SENT_NOTE, sendWithinRateLimits, waitNote, type Ticket } from '../../../shared/rate-limit';
import { retryAfterMs } from '../../../shared/retry-after';
import { apiFailure } from '../errors/item-errors';

/**
 * One gate per execution and node: the items of a run share it, and so do the runs of a Retry On Fail, so a
 * pause the service asked for holds for the retry too (nothing is sent inside it).
 */
const gates = new WeakMap<object, RateGate>();

export function runGate(ctx: IExecuteSingleFunctions): RateGate {
	const handle = executionHandle(ctx);
	let gate = gates.get(handle);
	if (!gate) {
		gate = new RateGate();
		gates.set(handle, gate);
	}
	return gate;
}

/** The ticket of the operation's request in flight, by the item's context. */
const tickets = new ItemMemory<Ticket>();

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
	const ticket = tickets.get(ctx);
	if (!ticket) return false;
	const refused = response.statusCode === 429;
	ticket.settle(refused ? 'refused' : 'answered', refused ? retryAfterMs(response.headers) : undefined);
	return refused;
}

/** The routed request's items, or what it threw (a 429 this request was refused with, or any other failure). */
type Attempt = { items: INodeExecutionData[] } | { thrown: unknown };

/**
 * The operation's request through n8n's engine (request and postReceive steps) on the package's one 429 path
 * (shared/rate-limit). Only the refusal of this request is sent again: a 429 of a read a postReceive step makes
 * after a write fails the item as it is (the write was answered). The last refusal fails the item with the
 * service's message, saying how long the node tried; a request the gate turned away unsent says so. `beforeSending`
 * runs each time the gate lets the request through, and may refuse it by throwing.
 */
export async function routeWithinRateLimits(ctx: MiddlewareContext, requestData: RoutedRequest, beforeSending: () => void): Promise<INodeExecutionData[]> {
	const timeoutMs = Number(requestData.options.timeout ?? DEFAULT_TIMEOUT_MS);
	const through = await sendWithinRateLimits<Attempt>(ctx, { gate: runGate(ctx), order: ctx.getItemIndex(), timeoutMs }, async (ticket) => {
		if (!ticket) return { items: await engineRequest(ctx, requestData) };
		tickets.setFromMiddleware(ctx, ticket);
		try {
			beforeSending();
			return { items: await engineRequest(ctx, requestData) };
		} catch (error) {
			// any failure but this request's refusal ends the loop as it is
			if (!(error instanceof HeldRefusal)) ticket.settle('failed');
			return { thrown: error };
		}
	});
	if (!through.sent) {
		const { statusCode, body } = notSentAnswer(through.wait, through.budgetMs);
		throw withNote(apiFailure(ctx, statusCode, body), NOT_SENT_NOTE);
	}
	const { result, wait } = through;
	if ('items' in result) return result.items;
	if (!(result.thrown instanceof HeldRefusal)) throw result.thrown;
	const error = result.thrown.failure();
	throw withNote(error, waitNote(wait, through.budgetMs));
}

function withNote(error: Error, note: string | undefined): Error {
	if (note && error instanceof NodeApiError) error.description = [error.description, note].filter(Boolean).join(' ');
	return error;
}
