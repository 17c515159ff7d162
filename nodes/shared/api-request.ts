import {
	NodeApiError,
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IPollFunctions,
} from 'n8n-workflow';

import { apiError, isApiSuccess } from './api-errors';
import type { ApiEnvelope } from './api-types';
import { apiBaseUrl, BASE_URL_HINT, baseUrlProblem } from './base-url';
import type { RateGate } from './rate-gate';
import { notSentAnswer, NOT_SENT_NOTE, sendWithinRateLimits, waitNote } from './rate-limit';
import { retryAfterMs, type ResponseHeaders } from './retry-after';
import { transportError, type FailedRequest } from './transport-errors';
import { redactUrls, withoutSecrets } from './redact';

export const CREDENTIAL_TYPE = 'invoicingApi';

/** n8n's time-out of a declarative node's request when Request Options > Timeout is not set. */
export const DEFAULT_TIMEOUT_MS = 300_000;

/** The time-out's fix where the node has no Request Options (trigger, list search). */
export const TIMEOUT_HINT = 'The service is slow or stuck: try again later.';

/** Contexts that call the service themselves: the trigger, list search, and the action node's lookups. */
export type RequestingContext = IPollFunctions | ILoadOptionsFunctions | IExecuteSingleFunctions;

export interface ApiAnswer {
	statusCode: number;
	body: unknown;
	headers?: ResponseHeaders;
	/** A 429 after the node waited and sent again: how often and how long (see rate-limit). */
	rateLimitNote?: string;
}

/**
 * The credential's Base URL, trailing slashes removed and checked (it must end in /v1) as the credential
 * checks it for the action node's requests.
 */
export async function credentialBaseUrl(ctx: RequestingContext): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = apiBaseUrl(credentials.baseUrl);
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw new NodeOperationError(ctx.getNode(), problem, { description: BASE_URL_HINT });
	return baseUrl;
}

/** What the action node's Request Options give a request besides its time-out (the engine's routed request has them too). */
export interface Transport {
	proxy?: IHttpRequestOptions['proxy'];
	skipSslCertificateValidation?: boolean;
}

/** One request as sent: a form body (already encoded) only for writes that take one. */
export interface ServiceRequest {
	method: IHttpRequestMethods;
	baseURL?: string;
	url: string;
	timeout: number;
	form?: string;
	transport?: Transport;
}

/**
 * One request through n8n's own request helper with the Invoicing credential applied. Every HTTP status comes
 * back as an answer (the caller decides with `isApiSuccess`); only a transport failure (refused, reset, timeout)
 * throws. Without `baseURL` the credential sets it (and checks it).
 */
async function callService(ctx: RequestingContext, request: ServiceRequest): Promise<ApiAnswer> {
	const { method, baseURL, url, timeout, form, transport } = request;
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method,
		baseURL,
		url,
		headers: form === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
		...(form === undefined ? {} : { body: form }),
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		timeout,
		...transport,
	})) as ApiAnswer;
	return { statusCode: response.statusCode, body: response.body, headers: response.headers };
}

/**
 * One request outside any rate gate, with this time-out (default: n8n's). The action node's own requests go
 * through `sendApiRequest` with the run's gate instead (helpers/request/helper-request).
 */
export async function callApi(
	ctx: RequestingContext,
	baseURL: string | undefined,
	method: IHttpRequestMethods,
	url: string,
	timeout: number = DEFAULT_TIMEOUT_MS,
): Promise<ApiAnswer> {
	return await callService(ctx, { method, baseURL, url, timeout });
}

/** A call an entry point makes itself, and how its failures are named. */
export interface ApiCall extends Omit<FailedRequest, 'timeoutMs'> {
	method: IHttpRequestMethods;
	baseURL?: string;
	timeoutMs?: number;
	/** Replace the default hint of an HTTP code (see api-errors). */
	hints?: Record<number, string>;
	/** The rate gate of the node run the call belongs to (undefined: a gate of its own). */
	gate?: RateGate;
	/** A write's form body, encoded. */
	form?: string;
	/** The action node's proxy and certificate check (Request Options). */
	transport?: Transport;
}

/**
 * The one request path of every entry point (the action node's lookups, list search, the trigger): the call,
 * transport failures named (`<action> failed: no answer within the time-out of 300 s`), and the answer as it
 * came, whatever its HTTP status.
 */
export async function sendApiRequest(ctx: RequestingContext, call: ApiCall): Promise<ApiAnswer> {
	const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	try {
		// a 429 is sent again (it applied nothing) through the run's gate, for at most the budget
		const order = 'getItemIndex' in ctx ? ctx.getItemIndex() : 0;
		const through = await sendWithinRateLimits(ctx, { gate: call.gate, order, timeoutMs }, async (ticket) => {
			const { method, baseURL, url, form, transport } = call;
			const answer = await callService(ctx, { method, baseURL, url, timeout: timeoutMs, form, transport });
			ticket?.settle(answer.statusCode === 429 ? 'refused' : 'answered', answer.statusCode === 429 ? retryAfterMs(answer.headers) : undefined);
			return answer;
		});
		if (!through.sent) return { ...notSentAnswer(through.wait, through.budgetMs), rateLimitNote: NOT_SENT_NOTE };
		const { result, wait } = through;
		return result.statusCode === 429 && wait ? { ...result, rateLimitNote: waitNote(wait, through.budgetMs) } : result;
	} catch (error) {
		// anything else (the credential refusing its Base URL, n8n's own errors) passes as it is
		throw withoutSecrets(networkFailure(ctx, call, timeoutMs, error) ?? error);
	}
}

/** A failure of the network or the HTTP client, named; undefined for any other error. */
function networkFailure(ctx: RequestingContext, call: ApiCall, timeoutMs: number, error: unknown): NodeApiError | undefined {
	const named = transportError(ctx.getNode(), error, { ...call, timeoutMs, url: `${call.baseURL ?? ''}${call.url}` });
	if (named) return named;
	// a code transportError has no words for (e.g. EHOSTUNREACH): the client's own text goes to the description,
	// as NodeApiError replaces a message that names an error code with its generic text
	const code = (error as { code?: unknown }).code;
	if (typeof code !== 'string' || error instanceof NodeOperationError || error instanceof NodeApiError) return undefined;
	const detail = error instanceof Error && error.message.trim() !== '' ? redactUrls(error.message) : code;
	return new NodeApiError(
		ctx.getNode(),
		{ transportError: code },
		{
			message: `${call.action} failed: the service could not be reached`,
			description: [`${detail}.`, 'Check the network and the Base URL in the Invoicing credential.', call.after].filter(Boolean).join(' '),
			itemIndex: call.itemIndex,
		},
	);
}

/** The error an answer that is not the service's success becomes, named as the call's other failures. */
export function failedAnswer(ctx: RequestingContext, call: ApiCall, answer: ApiAnswer): NodeApiError {
	const error = apiError(ctx.getNode(), call.action, answer.statusCode, answer.body, { itemIndex: call.itemIndex, hints: call.hints });
	const notes = [answer.rateLimitNote, call.after].filter(Boolean);
	if (notes.length > 0) error.description = [error.description, ...notes].filter(Boolean).join(' ');
	return error;
}

/** The call, and its answer's body when the service answered with success; every failure named. */
export async function requestApi(ctx: RequestingContext, call: ApiCall): Promise<ApiEnvelope> {
	const answer = await sendApiRequest(ctx, call);
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, call, answer);
	return answer.body;
}
