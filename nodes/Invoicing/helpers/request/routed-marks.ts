import type { IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { ItemMemory } from '../../engine/item-memory';
import type { MiddlewareContext, RoutedRequest } from '../../engine/request-middleware';
import { isApiSuccess } from '../../../shared/api-errors';
import type { ApiEnvelope } from '../../../shared/api-types';
import { rememberRecord } from './recent-reads';
import { endWrite, isWriteRequest, markOfWrite, markRead, markWrite, noteFailure, writeEnd, type ReadMark, type WriteMark } from './write-marks';

/** The operation's own request, as write-marks counts it: a write, or a read of `path`. */
interface Routed {
	path: string;
	read?: ReadMark;
	write?: WriteMark;
}

const routed = new ItemMemory<Routed>();

/** The request middleware, as the operation's request leaves: a write counts from now; a read's start is marked. */
export function markRouted(ctx: MiddlewareContext, request: RoutedRequest): void {
	const path = String(request.options.url ?? '');
	routed.setFromMiddleware(ctx, isWriteRequest(request.options.method, path) ? { path, write: markWrite() } : { path, read: markRead() });
}

/**
 * The operation's answer (handleApiErrors, first for every answer): a write is over; a record's read is remembered,
 * and so is `made` (a create's record, as a read would give it) when nothing else of this process wrote meanwhile.
 * A 429 is sent again: the write stays in flight, and whatever was remembered is forgotten.
 */
export function settleRouted(ctx: IExecuteSingleFunctions, response: IN8nHttpFullResponse, made?: { path: string; body: ApiEnvelope }): void {
	const entry = routed.get(ctx);
	if (!entry) return;
	if (response.statusCode === 429) noteFailure();
	else if (entry.write) {
		if (endWrite(entry.write, writeEnd(response.statusCode, response.body)) && made) rememberRecord(ctx, made.path, made.body, markOfWrite(entry.write));
	} else if (!isApiSuccess(response.statusCode, response.body)) noteFailure();
	else if (entry.read) rememberRecord(ctx, entry.path, response.body as ApiEnvelope, entry.read);
}

/** The request middleware, once the operation's request is over: a write without an answer may still land. */
export function routedOver(ctx: MiddlewareContext, failed: boolean): void {
	const entry = routed.get(ctx);
	if (entry?.write && !entry.write.over) endWrite(entry.write, 'unknown');
	else if (failed) noteFailure();
}
