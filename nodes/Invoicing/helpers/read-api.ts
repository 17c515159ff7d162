import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { callApi } from './api-request';
import { apiFailure, isApiSuccess } from './errors';
import type { ApiEnvelope } from './types';

/** A GET the action node makes itself (lookups before a write); a failure is the operation's error. */
export async function readApi(ctx: IExecuteSingleFunctions, baseURL: string | undefined, url: string): Promise<ApiEnvelope> {
	const { statusCode, body } = await callApi(ctx, baseURL, 'GET', url);
	if (!isApiSuccess(statusCode, body)) throw apiFailure(ctx, statusCode, body);
	return body;
}
