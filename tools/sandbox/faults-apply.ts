import type { ServerResponse } from 'node:http';

import { send, sendError, sendJson } from './http-io';
import type { FaultSpec } from './types';

const UNTIL_SEEN_CAP_MS = 5_000;
const UNTIL_SEEN_POLL_MS = 10;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a delayed request until `seen(path)` reaches `target`, or the cap. */
async function holdUntilSeen(path: string, target: number, seen: (path: string) => number): Promise<void> {
	const deadline = Date.now() + UNTIL_SEEN_CAP_MS;
	while (seen(path) < target && Date.now() < deadline) await wait(UNTIL_SEEN_POLL_MS);
}

/** The `Retry-After` header a "status" fault sends: as given, or the HTTP date `retryAfterDateInMs` from now. */
export function retryAfterOf(fault: FaultSpec, now: number = Date.now()): string | undefined {
	if (fault.retryAfterDateInMs !== undefined) return new Date(now + fault.retryAfterDateInMs).toUTCString();
	return fault.retryAfter;
}

/**
 * Answers (or drops) the request as the fault says; undefined for a delay, after which handling goes on.
 * `seen` counts the requests received per path (for a delay's `untilSeen`).
 */
export async function applyFault(fault: FaultSpec, res: ServerResponse, seen: (path: string) => number): Promise<number | undefined> {
	switch (fault.kind) {
		case 'delay': {
			const until = fault.untilSeen;
			const target = until ? seen(until.path) + until.count : 0;
			await wait(fault.delayMs ?? 1000);
			if (until) await holdUntilSeen(until.path, target, seen);
			return undefined;
		}
		case 'drop':
			res.socket?.destroy();
			return 0;
		case 'malformed':
			send(res, 200, '{"status":"success","data":[{"id":');
			return 200;
		case 'html': {
			const status = fault.status ?? 502;
			send(res, status, `<html><body><h1>${status} Bad Gateway</h1><p>${fault.message ?? 'upstream error'}</p></body></html>`, 'text/html');
			return status;
		}
		case 'errorStatus200':
			sendJson(res, 200, { status: 'error', message: fault.message ?? 'Simulated failure inside a 200 response.' });
			return 200;
		case 'status': {
			const status = fault.status ?? 500;
			const retryAfter = retryAfterOf(fault);
			sendError(res, status, fault.message ?? `Simulated failure with status ${status}.`, retryAfter === undefined ? undefined : { 'retry-after': retryAfter });
			return status;
		}
	}
}
