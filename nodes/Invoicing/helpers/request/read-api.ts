import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { callApi } from '../../../shared/api-request';
import { apiError, failureLabel, isApiSuccess } from '../../../shared/errors';
import { transportError } from './transport-errors';
import type { ApiEnvelope } from '../../../shared/api-types';

/** Every answer of the reads one item made, by URL: a later step of the same item may reuse one. */
const readsOfItem = new WeakMap<IExecuteSingleFunctions, Map<string, ApiEnvelope>>();

/** The answer this item already had from GET `url`, if it made that read. */
export function earlierRead(ctx: IExecuteSingleFunctions, url: string): ApiEnvelope | undefined {
	return readsOfItem.get(ctx)?.get(url);
}

/**
 * A GET the action node makes itself: by default a lookup before a write (when it fails, nothing was
 * written); `describe` names it otherwise, e.g. a read of the record's state after the write.
 */
export async function readApi(
	ctx: IExecuteSingleFunctions,
	baseURL: string | undefined,
	url: string,
	// only on failure: naming the row evaluates its ID expression again
	describe = () => `${failureLabel(ctx)}, reading ${url} first (nothing written),`,
): Promise<ApiEnvelope> {
	let answer;
	try {
		answer = await callApi(ctx, baseURL, 'GET', url);
	} catch (error) {
		throw transportError(ctx.getNode(), error, { action: describe(), timeoutMs: 300_000, url, itemIndex: ctx.getItemIndex() }) ?? error;
	}
	const { statusCode, body } = answer;
	if (!isApiSuccess(statusCode, body)) {
		throw apiError(ctx.getNode(), describe(), statusCode, body, { itemIndex: ctx.getItemIndex() });
	}
	const reads = readsOfItem.get(ctx) ?? new Map<string, ApiEnvelope>();
	reads.set(url, body);
	readsOfItem.set(ctx, reads);
	return body;
}

/** The record read again after a write (the service's answer to the write does not carry it). */
export async function readAfterWrite(ctx: IExecuteSingleFunctions, url: string): Promise<ApiEnvelope> {
	return await readApi(ctx, undefined, url, () => `${failureLabel(ctx)} was done; reading ${url} afterwards for the record's new state`);
}
