import { isApiSuccess, outcomeUnknown } from '../../../shared/api-errors';
import { DEFAULT_SETTLE_TIMEOUTS } from '../../resources/guard-fields';

/**
 * Every write this process sends to any service, counted when it begins and when it ends, and every failure: a
 * record read is served from memory (recent-reads) only while this count has not moved since the read began.
 * Counted for the whole process, not per record: a write changes records besides the one it names (a payment
 * changes its invoice inside its client's record; a client's new name changes its invoices' customer_name).
 */
let changes = 0;
let inFlight = 0;
/** Until then no read is remembered: a write of this process without an answer may still land. */
let quietUntil = 0;

const calm = (now: number): boolean => inFlight === 0 && now >= quietUntil;

/** A read about to be sent: when, and whether nothing of this process could change records while it is made. */
export interface ReadMark {
	at: number;
	changes: number;
	clean: boolean;
}

export function markRead(): ReadMark {
	const at = Date.now();
	return { at, changes, clean: calm(at) };
}

/** A read begun at `mark` saw every write this process made, and none of them has begun or ended since. */
export const unchangedSince = (mark: ReadMark): boolean => mark.clean && mark.changes === changes;

/** The count as it stands: what a record remembered now must still find to be served. */
export const changesNow = (): number => changes;

export interface WriteMark extends ReadMark {
	over: boolean;
}

export function markWrite(): WriteMark {
	const at = Date.now();
	const clean = calm(at);
	inFlight += 1;
	changes += 1;
	return { at, changes, clean, over: false };
}

/** How a write ended: answered with success, refused (a 4xx: nothing applied), or without a known outcome. */
export type WriteEnd = 'done' | 'refused' | 'unknown';

/** How a write's answer ended it (a 429 applied nothing). */
export function writeEnd(statusCode: number, body: unknown): WriteEnd {
	if (isApiSuccess(statusCode, body)) return 'done';
	return outcomeUnknown(statusCode, body) ? 'unknown' : 'refused';
}

/**
 * The write is over (later calls for the same mark do nothing). Returns whether it was done while nothing else of
 * this process wrote: its answer then shows the record as the service holds it now. A write without a known
 * outcome may still land: nothing read until its settle time by default (5 x its duration, at least 5 s) is
 * remembered.
 */
export function endWrite(mark: WriteMark, end: WriteEnd): boolean {
	if (mark.over) return false;
	mark.over = true;
	inFlight -= 1;
	const alone = end === 'done' && unchangedSince(mark);
	changes += 1;
	const now = Date.now();
	if (end === 'unknown') holdReads(now + DEFAULT_SETTLE_TIMEOUTS * Math.max(now - mark.at, 1_000));
	return alone;
}

/** A failed request or a refusal: whatever was remembered is forgotten. */
export function noteFailure(): void {
	changes += 1;
}

/** No read begun before `until` is remembered (an unanswered write of this process may land until then). */
export function holdReads(until: number): void {
	changes += 1;
	quietUntil = Math.max(quietUntil, until);
}

/** Tests: a new book stands for a new service, with no write of this process that may still land on it. */
export function forgetHeldReads(): void {
	changes += 1;
	quietUntil = 0;
}

/** A request is a read when it GETs one record or a list: anything else may change records (Mark as Paid is a GET). */
export function isWriteRequest(method: string | undefined, url: string): boolean {
	return (method ?? 'GET').toUpperCase() !== 'GET' || !/^\/[a-z]+\/[^/?]+(\?.*)?$/.test(url);
}

/** The mark of what a write left, as a read begun when the write began would have it (its answer shows the record). */
export const markOfWrite = (write: WriteMark): ReadMark => ({ at: write.at, changes, clean: true });
