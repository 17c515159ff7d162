import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isApiSuccess } from '../../../shared/api-errors';
import { CREDENTIAL_TYPE, failedAnswer, type ApiAnswer } from '../../../shared/api-request';
import type { ApiEnvelope, ApiParams } from '../../../shared/api-types';
import { encodeBracketForm } from '../input/form-encoding';

/**
 * A PUT the action node makes after its own write (an estimate marked accepted, a number given again), in the
 * form encoding of documents, with the credential applied. `action` names it in a failure, `after` says what
 * the write before it did.
 */
export async function putForm(ctx: IExecuteSingleFunctions, url: string, params: ApiParams, action: string, after: string): Promise<ApiEnvelope> {
	const request: IHttpRequestOptions = {
		method: 'PUT',
		url,
		headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
		body: encodeBracketForm(params),
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	};
	const answer = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, request)) as ApiAnswer;
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, { action, method: 'PUT', url, itemIndex: ctx.getItemIndex(), after }, answer);
	return answer.body as ApiEnvelope;
}
