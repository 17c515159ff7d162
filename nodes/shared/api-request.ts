import type { IExecuteSingleFunctions, IHttpRequestMethods, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { apiBaseUrl } from './base-url';

export const CREDENTIAL_TYPE = 'invoicingApi';

/** Contexts that call the service themselves: the trigger, list search, and the action node's lookups. */
export type RequestingContext = IPollFunctions | ILoadOptionsFunctions | IExecuteSingleFunctions;

export interface ApiAnswer {
	statusCode: number;
	body: unknown;
}

/** The credential's Base URL, trailing slashes removed; always passed explicitly, whatever `authenticate` does. */
export async function credentialBaseUrl(ctx: RequestingContext): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	return apiBaseUrl(credentials.baseUrl);
}

/**
 * One call through n8n's own request helper with the Invoicing credential applied. Every HTTP status comes back
 * as an answer (the caller decides with `isApiSuccess`); only a transport failure (refused, reset, timeout) throws.
 */
export async function callApi(
	ctx: RequestingContext,
	baseURL: string | undefined,
	method: IHttpRequestMethods,
	url: string,
): Promise<ApiAnswer> {
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method,
		baseURL,
		url,
		headers: { Accept: 'application/json' },
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	})) as ApiAnswer;
	return { statusCode: response.statusCode, body: response.body };
}
