import { NodeApiError, type IDataObject, type IHttpRequestMethods, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import { callApi, type ApiAnswer } from '../shared/api-request';
import { apiError, isApiSuccess } from '../shared/errors';
import { recordFromAnswer } from '../shared/api-answers';
import type { ApiEnvelope, Resource } from '../shared/api-types';

const PLURAL: Record<Resource, string> = { client: 'Clients', expense: 'Expenses', invoice: 'Invoices', estimate: 'Estimates' };

const NOUN: Record<Resource, string> = { client: 'Client', expense: 'Expense', invoice: 'Invoice', estimate: 'Estimate' };

/** A poll that fails emits nothing and keeps its state, so the hints say that nothing is lost. */
const POLL_HINTS: Record<number, string> = {
	401: 'The service refused the API key: check the API Key (and its header name) in the Invoicing credential. No event is lost: the next successful poll reports it.',
	429: 'The service is rate limiting: poll less often (Poll Times). No event is lost: the next successful poll reports it.',
};

const LATER = 'No event is lost: the next successful poll reports it.';

async function call(ctx: IPollFunctions, baseURL: string, method: IHttpRequestMethods, url: string, action: string): Promise<ApiAnswer> {
	try {
		return await callApi(ctx, baseURL, method, url);
	} catch (error) {
		const cause = error as Error & { code?: string };
		throw new NodeApiError(ctx.getNode(), { message: cause.message, code: cause.code ?? null } as JsonObject, {
			message: `${action} failed: the service could not be reached (${cause.code ?? cause.message})`,
			description: `Check that the service is running and that the Base URL of the credential is right. ${LATER}`,
		});
	}
}

function failure(ctx: IPollFunctions, action: string, answer: ApiAnswer): NodeApiError {
	const error = apiError(ctx.getNode(), action, answer.statusCode, answer.body, { hints: POLL_HINTS });
	if (!POLL_HINTS[answer.statusCode]) error.description = `${error.description ? `${error.description} ` : ''}${LATER}`;
	return error;
}

const hasId = (record: unknown): record is IDataObject =>
	typeof record === 'object' &&
	record !== null &&
	(typeof (record as IDataObject).id === 'string' || typeof (record as IDataObject).id === 'number') &&
	String((record as IDataObject).id) !== '';

/** GET /{resource}/all: every record; a failure or an answer that is not a list of records throws and says why. */
export async function fetchList(ctx: IPollFunctions, baseURL: string, resource: Resource): Promise<IDataObject[]> {
	const action = `List ${PLURAL[resource]}`;
	const answer = await call(ctx, baseURL, 'GET', `/${resource}/all`, action);
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failure(ctx, action, answer);
	const data = (answer.body as ApiEnvelope).data;
	if (!Array.isArray(data) || !data.every(hasId)) {
		throw new NodeApiError(ctx.getNode(), answer.body as JsonObject, {
			message: `${action} failed: the answer has no list of records with ids under "data"`,
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
	const action = `Get ${NOUN[resource]}`;
	const answer = await call(ctx, baseURL, 'GET', `/${resource}/${encodeURIComponent(id)}`, action);
	if (answer.statusCode === 404) return undefined;
	if (!isApiSuccess(answer.statusCode, answer.body)) throw failure(ctx, action, answer);
	return recordFromAnswer(resource, answer.body);
}
