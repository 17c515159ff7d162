import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiFailure, inputError, isApiSuccess } from './errors';
import { encodeBracketForm } from './form-encoding';
import { REQUIRED_ON_UPDATE, RESOURCE_FIELDS, type FieldSpec } from './fields';
import { readCollection, readLineItems, readRecordId, readRequired, toApiValue } from './parameters';
import { checkUrlLength } from './request-size';
import type { ApiParams, Resource } from './types';
import { checkDueNotBeforeIssue } from './validation';

export type PreSend = (this: IExecuteSingleFunctions, options: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

export const CREDENTIAL_TYPE = 'invoicingApi';

/** Id parameter and its label for each resource. */
export const RECORD_ID: Record<Resource, { param: string; label: string }> = {
	client: { param: 'clientId', label: 'Client' },
	expense: { param: 'expenseId', label: 'Expense' },
	invoice: { param: 'invoiceId', label: 'Invoice' },
	estimate: { param: 'estimateId', label: 'Estimate' },
};

const CLIENT_LABELS: Record<string, string> = Object.fromEntries(
	[...RESOURCE_FIELDS.client.required, ...RESOURCE_FIELDS.client.optional].map((spec) => [spec.api, spec.label]),
);

/** Client operations take query parameters; the others a bracket-notation form body (DESIGN.md). */
function withParams(ctx: IExecuteSingleFunctions, resource: Resource, options: IHttpRequestOptions, params: ApiParams): IHttpRequestOptions {
	if (resource === 'client') {
		const qs: IDataObject = {};
		for (const [key, value] of Object.entries(params)) if (value !== undefined) qs[key] = value as string | number;
		const withQuery = { ...options, qs: { ...options.qs, ...qs } };
		checkUrlLength(ctx, withQuery, CLIENT_LABELS);
		return withQuery;
	}
	return {
		...options,
		body: encodeBracketForm(params),
		headers: { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
	};
}

/** Refuses a credential whose Base URL does not end in /v1, before anything is sent. */
export async function checkBaseUrl(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const baseUrl = String(options.baseURL ?? '');
	if (!/^https?:\/\/.+\/v1$/.test(baseUrl)) {
		throw inputError(
			this,
			`The Base URL of the Invoicing credential must end in /v1, got "${baseUrl}"`,
			'Edit the credential: for example https://invoicing.example.com/v1',
		);
	}
	return options;
}

/** Puts the record id of the operation, URL-encoded, in place of `{id}` in the URL; an empty id is refused. */
function urlWithId(ctx: IExecuteSingleFunctions, resource: Resource, options: IHttpRequestOptions): IHttpRequestOptions {
	const id = readRecordId(ctx, RECORD_ID[resource].param, RECORD_ID[resource].label);
	return { ...options, url: options.url.replace('{id}', encodeURIComponent(id)) };
}

export function insertRecordId(resource: Resource): PreSend {
	return async function recordUrl(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		return urlWithId(this, resource, options);
	};
}

export function buildCreateRequest(resource: Resource): PreSend {
	return async function createRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const fields = RESOURCE_FIELDS[resource];
		const params: ApiParams = {
			...readRequired(this, fields.required),
			...readCollection(this, 'additionalFields', fields.optional),
		};
		if (fields.hasItems) params.items = readLineItems(this);
		checkDueNotBeforeIssue(this, params);
		return withParams(this, resource, options, params);
	};
}

/** The record as the service has it now, to fill what the API requires on update but the user did not set. */
async function currentValues(
	ctx: IExecuteSingleFunctions,
	resource: Resource,
	id: string,
	options: IHttpRequestOptions,
): Promise<IDataObject> {
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method: 'GET',
		baseURL: options.baseURL,
		url: `/${resource}/${encodeURIComponent(id)}`,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	})) as { statusCode: number; body: unknown };
	if (!isApiSuccess(response.statusCode, response.body)) throw apiFailure(ctx, response.statusCode, response.body);
	const list = response.body[REQUIRED_ON_UPDATE[resource].envelope];
	return Array.isArray(list) && typeof list[0] === 'object' ? (list[0] as IDataObject) : {};
}

export function buildUpdateRequest(resource: Resource): PreSend {
	return async function updateRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const { param, label } = RECORD_ID[resource];
		const id = readRecordId(this, param, label);
		const fields = RESOURCE_FIELDS[resource];
		const params: ApiParams = readCollection(this, 'updateFields', [...fields.required, ...fields.optional]);
		if (fields.hasItems) params.items = readLineItems(this);
		checkDueNotBeforeIssue(this, params);
		if (Object.values(params).every((value) => value === undefined)) {
			throw inputError(
				this,
				`Nothing to update: set at least one field under "Update Fields"${fields.hasItems ? ' or replace the line items' : ''}.`,
			);
		}
		const missing = Object.keys(REQUIRED_ON_UPDATE[resource].from).filter((api) => params[api] === undefined);
		if (missing.length > 0) {
			const current = await currentValues(this, resource, id, options);
			for (const api of missing) {
				const spec = fields.required.find((f) => f.api === api) as FieldSpec;
				params[api] = toApiValue(this, spec, current[REQUIRED_ON_UPDATE[resource].from[api]]);
			}
		}
		return withParams(this, resource, urlWithId(this, resource, options), params);
	};
}

/** POST /invoice/send and /estimate/send: id, email and the optional phone. */
export function buildSendRequest(resource: 'invoice' | 'estimate'): PreSend {
	return async function sendRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const id = readRecordId(this, RECORD_ID[resource].param, RECORD_ID[resource].label);
		const email = String(this.getNodeParameter('email', '')).trim();
		if (email === '') throw inputError(this, '"Email" is required: enter the address to send to.');
		const extra = readCollection(this, 'additionalFields', [{ param: 'phone', api: 'phone', label: 'Phone', kind: 'text' }]);
		return withParams(this, resource, options, { id, email, ...extra });
	};
}

export async function buildRecordPaymentRequest(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const id = readRecordId(this, 'invoiceId', 'Invoice');
	const params = readRequired(this, [
		{ param: 'paymentDate', api: 'payment_date', label: 'Payment Date', kind: 'date' },
		{ param: 'amountPaid', api: 'amount_paid', label: 'Amount Paid', kind: 'number' },
	]);
	const extra = readCollection(this, 'additionalFields', [
		{ param: 'paymentMethod', api: 'payment_method', label: 'Payment Method', kind: 'text' },
	]);
	return withParams(this, 'invoice', options, { id, ...params, ...extra });
}
