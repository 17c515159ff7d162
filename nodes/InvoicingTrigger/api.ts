import { NodeApiError, type IDataObject, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import { recordFromAnswer } from '../shared/api-answers';
import { isApiSuccess } from '../shared/api-errors';
import { failedAnswer, sendApiRequest, TIMEOUT_HINT, type ApiCall } from '../shared/api-request';
import type { Resource } from '../shared/api-types';
import { SPEC_OF } from '../Invoicing/resources/resources';

/** A poll that fails emits nothing and keeps its state: every failure says that nothing is lost. */
const LATER = 'No event is lost: the next successful poll reports it.';

/** Hints of the shared request path a poll words otherwise. */
const POLL_HINTS: Record<number, string> = {
	429: 'The service is rate limiting: poll less often (Poll Times).',
};

/** A call of the trigger on the shared request path (the same Base URL check, error naming and time-out wording). */
const pollCall = (action: string, baseURL: string, url: string): ApiCall => ({
	action,
	method: 'GET',
	baseURL,
	url,
	hints: POLL_HINTS,
	timeoutHint: TIMEOUT_HINT,
	after: LATER,
});

const hasId = (record: unknown): record is IDataObject =>
	typeof record === 'object' &&
	record !== null &&
	(typeof (record as IDataObject).id === 'string' || typeof (record as IDataObject).id === 'number') &&
	String((record as IDataObject).id) !== '';

/** GET /{resource}/all: every record; a failure or an answer that is not a list of records throws and says why. */
export async function fetchList(ctx: IPollFunctions, baseURL: string, resource: Resource): Promise<IDataObject[]> {
	const call = pollCall(`List ${SPEC_OF[resource].plural}`, baseURL, `/${resource}/all`);
	const answer = await sendApiRequest(ctx, call);
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, call, answer);
	const data = answer.body.data;
	if (!Array.isArray(data) || !data.every(hasId)) {
		throw new NodeApiError(ctx.getNode(), answer.body as JsonObject, {
			message: `${call.action} failed: the answer has no list of records with ids under "data"`,
			description: `The service answered in an unexpected shape: check that the Base URL points at the Invoicing API. ${LATER}`,
			httpCode: String(answer.statusCode),
		});
	}
	return data as IDataObject[];
}

/**
 * GET /{resource}/{id}, shaped as the action node's Get shapes it. Undefined when the record was deleted since
 * the list was read (404): there is nothing left to report.
 */
export async function fetchRecord(ctx: IPollFunctions, baseURL: string, resource: Resource, id: string): Promise<IDataObject | undefined> {
	const call = pollCall(`Get ${SPEC_OF[resource].displayName}`, baseURL, `/${resource}/${encodeURIComponent(id)}`);
	const answer = await sendApiRequest(ctx, call);
	if (answer.statusCode === 404) return undefined;
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failedAnswer(ctx, call, answer);
	return recordFromAnswer(SPEC_OF, resource, answer.body);
}
