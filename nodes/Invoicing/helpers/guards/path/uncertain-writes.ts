import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { pause } from '../../../../shared/timers';
import { DEFAULT_SETTLE_TIMEOUTS } from '../../../resources/guard-fields';
import { executionMemory } from '../../../engine/execution-memory';
import { credentialKey } from './key-turns';
import { holdReads } from '../../request/write-marks';

/**
 * Writes of this execution whose outcome is unknown (time-out, dropped connection, 5xx), by guard key, so that
 * a retry (n8n's Retry On Fail re-runs the node in the same execution) looks again for the earlier write until
 * it had time to land, instead of sending a second one. Kept in the execution's memory (engine/execution-memory):
 * it lives exactly as long as the execution, and nothing outlives it.
 */
export interface UncertainWrite {
	/** When the write failed (ms since epoch). */
	at: number;
	/** Until when a retry keeps looking before it sends again. */
	until: number;
	/** What the guard saw before the write (payment references, send log dates): a new entry is that write. */
	seen?: string[];
}

type Memory = Record<string, UncertainWrite>;

const CONTEXT_KEY = 'invoicingUncertainWrites';

export { DEFAULT_SETTLE_TIMEOUTS };

const memory = (ctx: IExecuteSingleFunctions): Memory => executionMemory<Memory>(ctx, CONTEXT_KEY);

/** The longest settle time of a write (the option, in request time-outs, times the request's time-out) and that time-out. */
export function settleRule(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, optionsCollection: string): { settleMs: number; timeoutMs: number } {
	const chosen = (ctx.getNodeParameter(optionsCollection, {}) as IDataObject).settleTimeouts;
	const factor = chosen === undefined || chosen === '' ? DEFAULT_SETTLE_TIMEOUTS : Number(chosen);
	const timeoutMs = options.timeout ?? 300_000;
	return { settleMs: factor > 0 ? factor * timeoutMs : 0, timeoutMs };
}

/** A failure that came fast (a 5xx, a reset) counts as at least this long when scaling the settle time. */
const SHORTEST_ATTEMPT_MS = 1_000;

/**
 * How long a retry keeps looking for a write that failed `elapsedMs` after it was sent: the option's number of
 * the attempt's own duration (at least 1 s), at most the option's number of time-outs. A write that timed out
 * gets the whole settle time; a service that answered a 500 at once is not waited on for 25 minutes.
 */
export function settleTimeFor(settleMs: number, timeoutMs: number, elapsedMs: number): number {
	if (!(settleMs > 0)) return 0;
	return Math.min(settleMs, (settleMs * Math.max(elapsedMs, SHORTEST_ATTEMPT_MS)) / timeoutMs);
}

/**
 * The same writes for every execution of this process, by credential (one service) and key: another execution
 * taking the key's turn next (a twin delivered while the first's write had no answer) looks for the write too,
 * instead of sending a second one.
 * An entry lives until its settle time is over (at most the option's number of time-outs), and at most
 * MOST_PROCESS_WRITES are kept: past that (the service answering none of thousands of writes within the settle
 * time) the oldest goes; its own execution still remembers it for its retry.
 */
const processWrites = new Map<string, UncertainWrite>();

const MOST_PROCESS_WRITES = 10_000;

function forgetSettled(now: number): void {
	for (const [other, write] of processWrites) if (write.until <= now) processWrites.delete(other);
}

export function noteUncertainWrite(ctx: IExecuteSingleFunctions, key: string, settle: number, seen?: string[]): void {
	if (!(settle > 0)) return;
	const at = Date.now();
	const write = { at, until: at + settle, ...(seen ? { seen } : {}) };
	memory(ctx)[key] = write;
	forgetSettled(at);
	const processKey = `${credentialKey(ctx)}\u0000${key}`;
	processWrites.delete(processKey);
	processWrites.set(processKey, write);
	while (processWrites.size > MOST_PROCESS_WRITES) processWrites.delete(processWrites.keys().next().value as string);
	// no read made while it may still land serves a later guard from memory (request/recent-reads)
	holdReads(write.until);
}

/** The earlier unanswered write on this key still settling (this execution's, else another's of this process); a settled one is forgotten. */
export function unsettledWrite(ctx: IExecuteSingleFunctions, key: string): UncertainWrite | undefined {
	const mine = memory(ctx);
	const now = Date.now();
	for (const [other, write] of Object.entries(mine)) if (write.until <= now) delete mine[other];
	forgetSettled(now);
	return mine[key] ?? processWrites.get(`${credentialKey(ctx)}\u0000${key}`);
}

export function forgetWrite(ctx: IExecuteSingleFunctions, key: string): void {
	delete memory(ctx)[key];
	processWrites.delete(`${credentialKey(ctx)}\u0000${key}`);
}

/** How long between two looks while a write settles: a quarter of the time-out, from 0.2 s to 30 s. */
const pollInterval = (options: IHttpRequestOptions) => Math.min(30_000, Math.max(200, (options.timeout ?? 300_000) / 4));

/**
 * Looks with `look` (`again` from the second look on: read afresh) until it finds the earlier write or its settle time is over; without an unsettled write on
 * the key, looks once. Returns what the last look found (undefined: nothing landed, send).
 */
export async function lookUntilSettled<T>(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	key: string,
	look: (again: boolean, earlier: UncertainWrite | undefined) => Promise<T | undefined>,
): Promise<T | undefined> {
	const earlier = unsettledWrite(ctx, key);
	let found = await look(false, earlier);
	while (found === undefined && earlier && Date.now() < earlier.until) {
		await pause(Math.min(pollInterval(options), earlier.until - Date.now()));
		found = await look(true, earlier);
	}
	if (earlier) forgetWrite(ctx, key);
	return found;
}
