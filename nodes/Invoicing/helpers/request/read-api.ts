import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { ItemMemory } from '../../engine/item-memory';
import type { ApiEnvelope } from '../../../shared/api-types';
import { failureLabel, operationLabel } from '../errors/failure-labels';
import { helperRequestBody } from './helper-request';
import { mayServe, recentRecord, rememberRecord } from './recent-reads';
import { markRead } from './write-marks';

/** Every answer of the reads one item made, by URL: a later step of the same item may reuse one. */
const readsOfItem = new ItemMemory<Map<string, ApiEnvelope>>();

/** The answer this item already had from GET `url`, if it made that read. */
export function earlierRead(ctx: IExecuteSingleFunctions, url: string): ApiEnvelope | undefined {
	return readsOfItem.get(ctx)?.get(url);
}

function keepForItem(ctx: IExecuteSingleFunctions, url: string, body: ApiEnvelope): ApiEnvelope {
	const reads = readsOfItem.get(ctx) ?? new Map<string, ApiEnvelope>();
	reads.set(url, body);
	readsOfItem.set(ctx, reads);
	return body;
}

async function read(ctx: IExecuteSingleFunctions, url: string, action: string, options?: Pick<IHttpRequestOptions, 'baseURL' | 'timeout'>): Promise<ApiEnvelope> {
	const mark = markRead();
	const body = await helperRequestBody(ctx, { action, method: 'GET', baseURL: options?.baseURL, url, timeoutMs: options?.timeout });
	rememberRecord(ctx, url, body, mark);
	return keepForItem(ctx, url, body);
}

/**
 * A GET the action node makes itself (a lookup before a write), on the shared request path with the
 * operation's Base URL and time-out: when it fails, nothing was written.
 */
export async function readApi(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, url: string): Promise<ApiEnvelope> {
	return await read(ctx, url, `${failureLabel(ctx)}, reading ${url} first (nothing written),`, options);
}

/**
 * A guard's or an update's read of one record before its write: the record as this process read it moments ago
 * when nothing since may have changed it (recent-reads), else read now as readApi does. Never for a read the user
 * asked for (Get), nor for a look again after an unanswered write.
 */
export async function readRecentOrApi(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, url: string): Promise<ApiEnvelope> {
	const recent = mayServe(url) ? await recentRecord(ctx, url) : undefined;
	return recent ? keepForItem(ctx, url, recent) : await readApi(ctx, options, url);
}

/**
 * An update's read of its record for the Re-Run Key line the note or description ends with (readRecentOrApi
 * otherwise): named by the operation, the item and the URL, since naming the row would evaluate its ID again.
 */
export async function readBeforeUpdate(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, url: string): Promise<ApiEnvelope> {
	const recent = mayServe(url) ? await recentRecord(ctx, url) : undefined;
	if (recent) return keepForItem(ctx, url, recent);
	return await read(ctx, url, `${operationLabel(ctx)} (item ${ctx.getItemIndex()}), reading ${url} first (nothing written),`, options);
}

/**
 * The record read again after a write (the service's answer to the write does not carry it). Named by the
 * operation, the item and the URL (the record's ID): naming the row would evaluate its ID expression again.
 */
export async function readAfterWrite(ctx: IExecuteSingleFunctions, url: string): Promise<ApiEnvelope> {
	const action = `${operationLabel(ctx)} (item ${ctx.getItemIndex()}) was done; reading ${url} afterwards for the record's new state`;
	return await read(ctx, url, action);
}

const lookAgainAction = (ctx: IExecuteSingleFunctions) => `${failureLabel(ctx)} was created; looking again for a twin made at the same moment failed`;

/** The guard's lookup made again after a create was answered (guards/after/after-create): the record exists, the look may fail. */
export async function readAfterCreate(ctx: IExecuteSingleFunctions, url: string): Promise<ApiEnvelope> {
	return await read(ctx, url, lookAgainAction(ctx).slice(0, -' failed'.length));
}

/**
 * Why this item's readAfterCreate failed, without the words of its action that its message begins with, e.g.
 * "(HTTP 429): Not sent: ..."; another message (a read shared with an earlier item names that item) whole.
 */
export function lookAgainFailure(ctx: IExecuteSingleFunctions, failure: unknown): string {
	const said = failure instanceof Error ? failure.message : String(failure);
	const action = lookAgainAction(ctx);
	return said.startsWith(action) ? said.slice(action.length).trim() : `: ${said}`;
}
