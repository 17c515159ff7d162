import type { IDataObject, IExecuteSingleFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { RateGate, type RateLimitWait } from './rate-gate';

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

// one gate per node run: n8n hands every item of a run the same execute data (and a new one to the next run)
const gates = new WeakMap<object, RateGate>();

/** The gate the requests of this node run share; a request made outside a run (trigger, list search) has its own. */
export function gateOf(ctx: Context): RateGate {
	const run = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	if (!run) return new RateGate();
	let gate = gates.get(run);
	if (!gate) {
		gate = new RateGate();
		gates.set(run, gate);
	}
	return gate;
}

/** What the final 429 adds to its description: how often and how long the node tried. */
export function waitNote(wait: RateLimitWait | undefined, budgetMs: number): string | undefined {
	if (!wait) return undefined;
	const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
	const times = wait.refusals === 1 ? '1 time' : `${wait.refusals} times`;
	return `Refused ${times} in ${seconds(wait.waitedMs)}; the node waits at most ${seconds(budgetMs)} in all.`;
}
