import type { IExecuteSingleFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { requestTimeoutMs, requestTransport } from '../../engine/request-options';
import { isApiSuccess } from '../../../shared/api-errors';
import { DEFAULT_TIMEOUT_MS, failedAnswer, sendApiRequest, type ApiAnswer, type ApiCall } from '../../../shared/api-request';
import type { ApiEnvelope } from '../../../shared/api-types';
import { runGate } from './rate-limit';
import { endWrite, isWriteRequest, markWrite, noteFailure, writeEnd } from './write-marks';

/** A request the action node makes itself, besides the operation's: how it is named when it fails, and its form. */
export interface HelperRequest {
	method: IHttpRequestMethods;
	url: string;
	/** What failed, as its transport failure's message begins. */
	action: string;
	form?: string;
	/** Replace the default hint of an HTTP code (see api-errors). */
	hints?: ApiCall['hints'];
	/** Added to a failure's description: what the write before it did. */
	after?: string;
	/** The routed request's Base URL and time-out, when the engine already gave them (a pre-send). */
	baseURL?: string;
	timeoutMs?: number;
}

/**
 * Every request the action node makes besides the operation's (lookups, reads after a write, PUT forms, the
 * twin's delete) goes as the operation's does: through the run's rate gate (a 429 is waited out), with Request
 * Options' time-out, proxy and certificate check. Every HTTP status comes back as an answer; a transport failure
 * throws, named.
 */
export async function sendHelperRequest(ctx: IExecuteSingleFunctions, request: HelperRequest): Promise<ApiAnswer> {
	// what this process remembers of records is forgotten when it writes or a request fails (recent-reads)
	const write = isWriteRequest(request.method, request.url) ? markWrite() : undefined;
	return await sendApiRequest(ctx, {
		...request,
		timeoutMs: request.timeoutMs ?? requestTimeoutMs(ctx) ?? DEFAULT_TIMEOUT_MS,
		itemIndex: ctx.getItemIndex(),
		gate: runGate(ctx),
		transport: requestTransport(ctx),
	}).then(
		(answer) => {
			if (write) endWrite(write, writeEnd(answer.statusCode, answer.body));
			else if (!isApiSuccess(answer.statusCode, answer.body)) noteFailure();
			return answer;
		},
		(error: unknown) => {
			if (write) endWrite(write, 'unknown');
			else noteFailure();
			return Promise.reject(error);
		},
	);
}

/** The helper request's body when the service answered with success; every failure named (see sendHelperRequest). */
export async function helperRequestBody(ctx: IExecuteSingleFunctions, request: HelperRequest): Promise<ApiEnvelope> {
	const answer = await sendHelperRequest(ctx, request);
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, { ...request, itemIndex: ctx.getItemIndex() }, answer);
	return answer.body;
}

/** Deletes the record at `url` (a copy an execution made and does not keep); what went wrong when it did not. */
export async function deleteFailure(ctx: IExecuteSingleFunctions, url: string): Promise<string | undefined> {
	try {
		const answer = await sendHelperRequest(ctx, { method: 'DELETE', url, action: `DELETE ${url}` });
		if (isApiSuccess(answer.statusCode, answer.body)) return undefined;
		const said = (answer.body as { message?: unknown } | undefined)?.message;
		return `HTTP ${answer.statusCode}${typeof said === 'string' ? ` ${said}` : ''}`;
	} catch (error) {
		return (error as Error).message;
	}
}
