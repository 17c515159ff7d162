import { NodeApiError, type IExecuteSingleFunctions, type JsonObject } from 'n8n-workflow';

import { isApiSuccess, serverMessage } from '../../../shared/api-errors';
import { CREDENTIAL_TYPE, DEFAULT_TIMEOUT_MS, type ApiAnswer } from '../../../shared/api-request';
import type { ApiEnvelope, ApiParams } from '../../../shared/api-types';
import { notSentAnswer, sendWithinRateLimits } from '../../../shared/rate-limit';
import { retryAfterMs } from '../../../shared/retry-after';
import { encodeBracketForm } from '../input/form-encoding';
import { runGate } from './rate-limit';

/**
 * A PUT the action node makes after its own write (an estimate marked accepted, a number given again), in the
 * form encoding of documents, with the credential applied, on the package's one 429 path (the run's gate).
 * `action` names it in a failure, `after` says what the write before it did. Its message is built here, not by
 * the shared request path: the write before it is named in `action`.
 */
export async function putForm(ctx: IExecuteSingleFunctions, url: string, params: ApiParams, action: string, after: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ApiEnvelope> {
	const through = await sendWithinRateLimits(ctx, { gate: runGate(ctx), order: ctx.getItemIndex(), timeoutMs }, async (ticket) => {
		const answer = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
			method: 'PUT',
			url,
			headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
			body: encodeBracketForm(params),
			json: true,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			timeout: timeoutMs,
		})) as ApiAnswer;
		const refused = answer.statusCode === 429;
		ticket?.settle(refused ? 'refused' : 'answered', refused ? retryAfterMs(answer.headers) : undefined);
		return answer;
	});
	const answer = through.sent ? through.result : notSentAnswer(through.wait, through.budgetMs);
	if (isApiSuccess(answer.statusCode, answer.body)) return answer.body;
	const body: JsonObject = typeof answer.body === 'object' && answer.body !== null ? (answer.body as JsonObject) : { body: String(answer.body) };
	throw new NodeApiError(ctx.getNode(), body, {
		message: `${action} failed (HTTP ${answer.statusCode}): ${serverMessage(answer.body)}`,
		description: after,
		httpCode: String(answer.statusCode),
		itemIndex: ctx.getItemIndex(),
	});
}
