import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { callApi } from '../../../shared/api-request';
import { apiError, failureLabel, isApiSuccess } from '../../../shared/errors';
import { transportError } from './transport-errors';
import type { ApiEnvelope } from '../../../shared/api-types';

/** A GET the action node makes itself (a lookup before a write): when it fails, nothing was written. */
export async function readApi(ctx: IExecuteSingleFunctions, baseURL: string | undefined, url: string): Promise<ApiEnvelope> {
	const action = `${failureLabel(ctx)}, reading ${url} first (nothing written),`;
	let answer;
	try {
		answer = await callApi(ctx, baseURL, 'GET', url);
	} catch (error) {
		throw transportError(ctx.getNode(), error, { action, timeoutMs: 300_000, url, itemIndex: ctx.getItemIndex() }) ?? error;
	}
	const { statusCode, body } = answer;
	if (!isApiSuccess(statusCode, body)) {
		throw apiError(ctx.getNode(), action, statusCode, body, { itemIndex: ctx.getItemIndex() });
	}
	return body;
}
