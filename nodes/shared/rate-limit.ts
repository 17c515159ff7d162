import type { IDataObject, IExecuteSingleFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { RateGate, sendThroughGate, type GateResult, type Pass, type RateLimitWait } from './rate-gate';

/** The action node's collection and its one option (the trigger and list search have neither: they take the default). */
export const RATE_LIMIT_COLLECTION = 'rateLimits';
export const LONGEST_WAIT_OPTION = 'longestWait';

/** The option's default, in seconds: n8n's default request time-out, which bounds the wait anyway. */
export const DEFAULT_LONGEST_WAIT_S = 300;

type Context = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

/**
 * How long a request may keep being sent again after 429s, in ms: the option (seconds), never more than the
 * request's time-out; 0 when switched off (a 429 fails at once, as before).
 */
export function rateLimitBudgetMs(ctx: Context, timeoutMs: number): number {
	const chosen = (ctx.getNodeParameter(RATE_LIMIT_COLLECTION, {}) as IDataObject)[LONGEST_WAIT_OPTION];
	const seconds = chosen === undefined || chosen === '' ? DEFAULT_LONGEST_WAIT_S : Number(chosen);
	if (!(seconds > 0)) return 0;
	return Math.min(seconds * 1000, timeoutMs);
}

/** What a send tells the gate as soon as it knows: a 429 (naming its wait, or not), any other answer, or no answer. */
export interface Ticket {
	settle(outcome: 'answered' | 'refused' | 'failed', askedMs?: number): void;
}

/** Who shares a gate and where the request stands in it; without a gate the request has one of its own. */
export interface GatePlace {
	gate?: RateGate;
	order: number;
	timeoutMs: number;
}

/**
 * The one way every request of the package meets 429s (the action node's operations and lookups, list search,
 * the trigger): through the gate, sent again within the budget (rate-gate.ts). `send` gets a ticket to settle
 * its pass as soon as the answer is in; with Longest Wait 0 the request is sent once, without a gate or ticket.
 */
export async function sendWithinRateLimits<T>(
	ctx: Context,
	place: GatePlace,
	send: (ticket?: Ticket) => Promise<T>,
): Promise<GateResult<T> & { budgetMs: number }> {
	const budgetMs = rateLimitBudgetMs(ctx, place.timeoutMs);
	if (budgetMs === 0) return { sent: true, result: await send(), budgetMs };
	const gate = place.gate ?? new RateGate();
	const ticketOf = (pass: Pass): Ticket => ({ settle: (outcome, askedMs) => gate.settle(pass, outcome, askedMs) });
	return { ...(await sendThroughGate(gate, place.order, budgetMs, async (pass) => await send(ticketOf(pass)))), budgetMs };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What the final 429 adds to its description: how often and how long the node tried, and a wait it would not sit out. */
export function waitNote(wait: RateLimitWait | undefined, budgetMs: number): string | undefined {
	if (!wait) return undefined;
	const times = wait.refusals === 1 ? '1 time' : `${wait.refusals} times`;
	const asked = wait.askedMs !== undefined ? `; the service asked to wait ${seconds(wait.askedMs)}` : '';
	return `Refused ${times} in ${seconds(wait.waitedMs)}; the node waits at most ${seconds(budgetMs)} in all${asked}.`;
}

/** The service's answer a request never sent stands in for: a 429 naming why nothing was sent (TOO_LONG). */
export function notSentAnswer(wait: RateLimitWait, budgetMs: number): { statusCode: 429; body: { status: 'error'; message: string } } {
	const why =
		wait.askedMs !== undefined
			? `the service asked to wait ${seconds(wait.askedMs)} after refusing an earlier request`
			: 'the service kept refusing earlier requests without saying how long to wait';
	return { statusCode: 429, body: { status: 'error', message: `Not sent: ${why}, longer than the node waits (at most ${seconds(budgetMs)} in all).` } };
}

/** The description's end for a request never sent. */
export const NOT_SENT_NOTE = 'Nothing was sent: run it again once the wait is over.';
