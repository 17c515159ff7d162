import { NodeApiError, type IExecuteSingleFunctions, type IHttpRequestOptions } from 'n8n-workflow';

import { NOT_FOUND_HINT } from '../../../shared/api-errors';
import type { PreSend } from '../request/pre-send';
import { keyLookalike } from './keyed-values';
import { hasRecordWithKey } from './record-lookup';

/**
 * A 404 for a By ID value that looks like the record's number or e-mail (`INV-1002`): when a record has that key,
 * the error's hint points to the mode that takes it; when none has (`999999`), the usual hint stays. The look (the
 * run's shared list read) is made on this failure path only, and a failed look leaves the error as it was.
 */
export async function withLookalikeHint(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions | undefined, error: unknown): Promise<unknown> {
	if (!(error instanceof NodeApiError) || error.httpCode !== '404') return error;
	const lookalike = keyLookalike(ctx);
	if (!lookalike) return error;
	try {
		if (!(await hasRecordWithKey(ctx, options, lookalike.resource, lookalike.value))) return error;
	} catch {
		return error;
	}
	error.description = (error.description ?? '').replace(NOT_FOUND_HINT, lookalike.hint) || lookalike.hint;
	return error;
}

/** A preSend whose 404 of the item's record gets the hint above (its reads come before any write). */
export function namingLookalikes(preSend: PreSend): PreSend {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		try {
			return await preSend.call(this, options);
		} catch (error) {
			throw await withLookalikeHint(this, options, error);
		}
	};
}
