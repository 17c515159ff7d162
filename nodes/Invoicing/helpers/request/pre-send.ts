import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiParams, Resource } from '../../../shared/api-types';
import { fieldError, inputError } from '../errors/item-errors';
import { checkDueNotBeforeIssue } from '../input/due-date';
import { SPEC_OF } from '../../resources/resources';
import { CLEARABLE, createFields, ENCODING, REQUIRED_ON_UPDATE, RESOURCE_FIELDS, type FieldSpec } from '../input/field-specs';
import { nodeVersion } from '../input/node-version';
import { PAYMENT_PARAMS } from '../../resources/invoice/recordPayment.operation';
import { encodeBracketForm } from '../input/form-encoding';
import { readCollection, readLineItems, readRequired, refuseUnfinishedExpression, toApiValue } from '../input/parameters';
import { readAmountPaid } from '../input/payment-amount';
import { withKeyLinesKept } from '../guards/keys/rerun-key';
import { readRecordTarget, resolveKeyedFields, targetId } from '../input/record-lookup';
import { checkUrlLength } from '../input/request-size';
import { readBeforeUpdate, readRecentOrApi } from './read-api';

export type PreSend = (this: IExecuteSingleFunctions, options: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/** The labels of a resource's fields by API name, for messages about the request as sent. */
const apiLabels = (resource: Resource): Record<string, string> =>
	Object.fromEntries([...RESOURCE_FIELDS[resource].required, ...RESOURCE_FIELDS[resource].optional].map((spec) => [spec.api, spec.label]));

/** Query parameters (client operations) or a bracket-notation form body (the others), per the resource spec (docs/design.md, "Encoding"). */
export function withParams(ctx: IExecuteSingleFunctions, resource: Resource, options: IHttpRequestOptions, params: ApiParams): IHttpRequestOptions {
	if (ENCODING[resource] === 'query') {
		const qs: IDataObject = {};
		for (const [key, value] of Object.entries(params)) if (value !== undefined) qs[key] = value as string | number;
		const withQuery = { ...options, qs: { ...options.qs, ...qs } };
		checkUrlLength(ctx, withQuery, apiLabels(resource));
		return withQuery;
	}
	return {
		...options,
		body: encodeBracketForm(params),
		headers: { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
	};
}

/** Puts the record id, URL-encoded, in place of `{id}` in the URL. */
function urlWithId(options: IHttpRequestOptions, id: string): IHttpRequestOptions {
	return { ...options, url: options.url.replace('{id}', encodeURIComponent(id)) };
}

/** The operation's record id (given, or found by its number or e-mail) into the URL; an empty one is refused before sending. */
export function insertRecordId(resource: Resource): PreSend {
	return async function recordUrl(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		return urlWithId(options, await targetId(this, options, resource, readRecordTarget(this, resource)));
	};
}

/** What a create sends: the required fields, the Additional Fields set, the line items; `numbered`: the number is the sequence's, not read. */
export function createParams(ctx: IExecuteSingleFunctions, resource: Resource, numbered = false): ApiParams {
	const fields = createFields(resource, nodeVersion(ctx));
	const numberParam = SPEC_OF[resource].fields.find((field) => field.numbered)?.editor.name;
	const params: ApiParams = {
		...readRequired(ctx, numbered ? fields.required.filter((spec) => spec.param !== numberParam) : fields.required),
		...readCollection(ctx, 'additionalFields', fields.optional),
	};
	if (fields.hasItems) params.items = readLineItems(ctx);
	checkDueNotBeforeIssue(ctx, params);
	return params;
}

export function buildCreateRequest(resource: Resource): PreSend {
	return async function createRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		return withParams(this, resource, options, await resolveKeyedFields(this, options, createParams(this, resource)));
	};
}

/** The record as the service has it (or as this process read it moments ago), to fill what the API requires on update but the user did not set. */
async function currentValues(
	ctx: IExecuteSingleFunctions,
	resource: Resource,
	id: string,
	options: IHttpRequestOptions,
	read = readRecentOrApi,
): Promise<IDataObject> {
	const body = await read(ctx, options, `/${resource}/${encodeURIComponent(id)}`);
	const list = body[REQUIRED_ON_UPDATE[resource].envelope];
	return Array.isArray(list) && typeof list[0] === 'object' ? (list[0] as IDataObject) : {};
}

/** "Fields to Clear": each chosen field is sent empty, which the service stores as empty. */
function readClears(ctx: IExecuteSingleFunctions, resource: Resource, setting: ApiParams): ApiParams {
	const chosen = ctx.getNodeParameter('clearFields', {}) as IDataObject;
	const clears: ApiParams = {};
	for (const spec of CLEARABLE[resource]) {
		if (chosen[spec.param] !== true) continue;
		if (setting[spec.api] !== undefined) {
			throw inputError(ctx, `"${spec.label}" is both set under "Update Fields" and chosen under "Fields to Clear": keep one.`);
		}
		clears[spec.api] = '';
	}
	return clears;
}

/**
 * A field added under "Update Fields" but empty (typed so, or an expression that gave nothing) is refused: it
 * is neither kept silently (the item would report success with the old value) nor guessed to be a clear.
 */
function refuseEmptyUpdateField(ctx: IExecuteSingleFunctions, resource: Resource, spec: FieldSpec): never {
	const clearable = CLEARABLE[resource].some((c) => c.api === spec.api);
	throw fieldError(
		ctx,
		spec.label,
		clearable
			? 'under "Update Fields" is empty: choose it under "Fields to Clear" to empty it, or remove it from "Update Fields" to keep its value'
			: 'under "Update Fields" is empty and cannot be emptied: give a value, or remove it from "Update Fields" to keep its value',
		'Nothing was sent for this item: a field left empty is neither kept in silence nor taken for a clear.',
	);
}

export function buildUpdateRequest(resource: Resource): PreSend {
	return async function updateRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const target = readRecordTarget(this, resource);
		const fields = RESOURCE_FIELDS[resource];
		let params: ApiParams = readCollection(this, 'updateFields', [...fields.required, ...fields.optional], (spec) =>
			refuseEmptyUpdateField(this, resource, spec),
		);
		if (fields.hasItems) params.items = readLineItems(this);
		Object.assign(params, readClears(this, resource, params));
		checkDueNotBeforeIssue(this, params);
		if (Object.values(params).every((value) => value === undefined)) {
			throw inputError(
				this,
				`Nothing to update: set at least one field under "Update Fields" or "Fields to Clear"${fields.hasItems ? ', or replace the line items' : ''}.`,
			);
		}
		const id = await targetId(this, options, resource, target);
		params = await resolveKeyedFields(this, options, params);
		const missing = Object.keys(REQUIRED_ON_UPDATE[resource].from).filter((api) => params[api] === undefined);
		// documents (the kinds with line items) may carry a Re-Run Key line in their note or description
		const keyed = SPEC_OF[resource].lineItems && (params.note !== undefined || params.description !== undefined);
		if (missing.length > 0 || keyed) {
			const current = await currentValues(this, resource, id, options, missing.length > 0 ? readRecentOrApi : readBeforeUpdate);
			for (const api of missing) {
				const spec = fields.required.find((f) => f.api === api) as FieldSpec;
				params[api] = toApiValue(this, spec, current[REQUIRED_ON_UPDATE[resource].from[api]]);
			}
			if (keyed) params = withKeyLinesKept(params, current);
		}
		// the id read once: every read of an expression is another evaluation
		return withParams(this, resource, urlWithId(options, id), params);
	};
}

/** What Send sends besides the record id: the address (empty: the client's, see guards/send-address) and the optional phone. */
export function sendParams(ctx: IExecuteSingleFunctions): ApiParams {
	const given = ctx.getNodeParameter('email', '');
	refuseUnfinishedExpression(ctx, 'email', 'Email', given);
	const email = String(given).trim();
	const phone = toApiValue(ctx, { param: 'phone', api: 'phone', label: 'Phone', kind: 'text' }, ctx.getNodeParameter('phone', ''));
	return { email, phone };
}

/** Record Payment of version 2 with Amount "Outstanding Balance": the amount is the invoice's balance when recorded. */
export const paysBalance = (ctx: IExecuteSingleFunctions): boolean => nodeVersion(ctx) >= 2 && ctx.getNodeParameter('paymentAmount', 'balance') === 'balance';

/** What Record Payment sends besides the invoice id (the amount: unless the guard reads it, `paysBalance`). */
export function paymentParams(ctx: IExecuteSingleFunctions): ApiParams {
	const names = PAYMENT_PARAMS[nodeVersion(ctx)];
	const params = readRequired(ctx, [{ param: names.date, api: 'payment_date', label: 'Payment Date', kind: 'date' }]);
	// Amount: Outstanding Balance (version 2): the guard sets it from the invoice it reads
	if (!paysBalance(ctx)) params.amount_paid = readAmountPaid(ctx, names.amount);
	const extra = readCollection(ctx, 'paymentFields', [{ param: 'paymentMethod', api: 'payment_method', label: 'Payment Method', kind: 'text' }]);
	return { ...params, ...extra };
}
