import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { apiFailure, isApiSuccess } from './errors';
import type { ApiEnvelope } from './types';

export const CREDENTIAL_TYPE = 'invoicingApi';

/** A GET the node makes itself (lookups before a write), authenticated like the engine's own request. */
export async function readApi(ctx: IExecuteSingleFunctions, baseURL: string | undefined, url: string): Promise<ApiEnvelope> {
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method: 'GET',
		baseURL,
		url,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	})) as { statusCode: number; body: unknown };
	if (!isApiSuccess(response.statusCode, response.body)) throw apiFailure(ctx, response.statusCode, response.body);
	return response.body;
}
