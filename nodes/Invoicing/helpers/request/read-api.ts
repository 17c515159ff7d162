import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { requestApi } from '../../../shared/api-request';
import type { ApiEnvelope } from '../../../shared/api-types';
import { failureLabel } from '../errors/failure-labels';

/**
 * A GET the action node makes itself (a lookup before a write), on the shared request path with the
 * operation's Base URL and time-out: when it fails, nothing was written.
 */
export async function readApi(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, url: string): Promise<ApiEnvelope> {
	return await requestApi(ctx, {
		action: `${failureLabel(ctx)}, reading ${url} first (nothing written),`,
		method: 'GET',
		baseURL: options.baseURL,
		url,
		timeoutMs: options.timeout,
		itemIndex: ctx.getItemIndex(),
	});
}
