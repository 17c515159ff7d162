import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../../../shared/api-request';
import { inputError } from '../../errors/item-errors';
import { rateLimitBudgetMs } from '../../../../shared/rate-limit';
import { batchesSpanMs } from '../keys/execution-rows';
import { settleRule } from './uncertain-writes';

/**
 * Requests one holder may send, one after another, while it holds a key's turn or its run holds a sequence's lane:
 * the look (a list, a client's documents, a candidate's line items), the write, the look again after it, a
 * delete or renumber of a twin copy and its check. Each takes at most the time-out once its rate-limit budget
 * (Longest Wait, never more than the time-out) is spent.
 */
const REQUESTS_IN_A_HOLD = 12;

/** The waits of a hold that are no request: a clash to converge, a twin's number to hold. */
const OTHER_WAITS_MS = 60_000;

let limitForTests: number | undefined;

/** Tests: a holder that overruns its longest hold, without waiting the hours the options allow. */
export function setHoldLimitForTests(ms: number | undefined): void {
	limitForTests = ms;
}

/**
 * The longest a write of this item can legitimately hold its key's turn (or its run the sequence's lane): its
 * settle time (the looks for an earlier unanswered write), plus REQUESTS_IN_A_HOLD requests of the time-out and
 * the rate-limit budget each, plus the time its later batches take to start (a look waits for them), plus a minute. A holder still in after that is stuck: whoever waits on it gives up,
 * sending nothing (docs/design.md, "Re-runs and retries").
 */
export function longestHoldMs(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, optionsCollection: string): number {
	if (limitForTests !== undefined) return limitForTests;
	const { settleMs } = settleRule(ctx, options, optionsCollection);
	const timeoutMs = options.timeout ?? DEFAULT_TIMEOUT_MS;
	return settleMs + REQUESTS_IN_A_HOLD * (timeoutMs + rateLimitBudgetMs(ctx, timeoutMs)) + batchesSpanMs(ctx) + OTHER_WAITS_MS;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What a waiter that gave up says: what it waited for, how long, and that it sent nothing. */
/** The item gave up waiting for `holder` on `what` (the key's or sequence's): it sent nothing, and says so. */
export function waitedOut(ctx: IExecuteSingleFunctions, waitedMs: number, holder: string, what: string): Error {
	return inputError(ctx, `waited ${seconds(waitedMs)} for ${holder} on ${what} to finish, longer than it can take; nothing was sent`, WAITED_OUT_HINT);
}

const WAITED_OUT_HINT =
	'Run it again. Another execution of this n8n process still holds it (its request never settled); until it does, the node sends nothing on it rather than risk a second copy.';
