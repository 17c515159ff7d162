import { NodeApiError, type IExecuteSingleFunctions, type JsonObject } from 'n8n-workflow';

import { isApiSuccess, serverMessage } from '../../../shared/api-errors';
import type { ApiEnvelope, ApiParams, Resource } from '../../../shared/api-types';
import { ENCODING } from '../input/field-specs';
import { encodeBracketForm } from '../input/form-encoding';
import { sendHelperRequest } from './helper-request';

/**
 * A PUT the action node makes after its own write (an estimate marked accepted, a number given again), in the
 * form encoding of documents, as every helper request goes (sendHelperRequest: the run's gate, Request Options'
 * time-out). `action` names it in a failure, `after` says what the write before it did. Its message is built
 * here, not by the shared request path: the write before it is named in `action`.
 */
export async function putForm(ctx: IExecuteSingleFunctions, url: string, params: ApiParams, action: string, after: string): Promise<ApiEnvelope> {
	return await putEncoded(ctx, { url, form: encodeBracketForm(params) }, action, after);
}

/** The same PUT of a record of any resource, in its encoding: query parameters (clients) or a form (documents). */
export async function putRecord(ctx: IExecuteSingleFunctions, resource: Resource, id: string, params: ApiParams, action: string, after: string): Promise<ApiEnvelope> {
	const url = `/${resource}/${encodeURIComponent(id)}`;
	if (ENCODING[resource] === 'form') return await putForm(ctx, url, params, action, after);
	const query = new URLSearchParams();
	for (const [key, value] of Object.entries(params)) if (value !== undefined) query.append(key, String(value));
	return await putEncoded(ctx, { url: `${url}?${query.toString()}` }, action, after);
}

async function putEncoded(ctx: IExecuteSingleFunctions, request: { url: string; form?: string }, action: string, after: string): Promise<ApiEnvelope> {
	const answer = await sendHelperRequest(ctx, { method: 'PUT', ...request, action, after });
	if (isApiSuccess(answer.statusCode, answer.body)) return answer.body;
	const body: JsonObject = typeof answer.body === 'object' && answer.body !== null ? (answer.body as JsonObject) : { body: String(answer.body) };
	throw new NodeApiError(ctx.getNode(), body, {
		message: `${action} failed (HTTP ${answer.statusCode}): ${serverMessage(answer.body)}`,
		description: [after, answer.rateLimitNote].filter(Boolean).join(' '),
		httpCode: String(answer.statusCode),
		itemIndex: ctx.getItemIndex(),
	});
}
