import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { firstSet } from '../../../shared/api-answers';
import type { ApiParams, Resource } from '../../../shared/api-types';
import { comparable, isLocator, locatorValue, trimmed } from '../../../shared/text';
import { isUnfinishedExpression, KEY_MODE_NAMES, UNFINISHED_EXPRESSION } from '../../resources/common-fields';
import { SPEC_OF } from '../../resources/resources';
import type { RecordKey } from '../../resources/types';
import { inputError } from '../errors/item-errors';
import { runScope, type RunScope } from '../guards/path/run-scope';
import { lookupRecordsOfRun } from '../request/lookup-lists';
import { refuseUnusableFilters } from './filter-checks';
import { recordsWithKey } from './key-index';
import { filtersOf, keyedFieldsOf, rememberFilters, rememberTarget, targetOf, type RecordTarget } from './keyed-values';
import { itemParameter } from '../../engine/item-parameter';
import { readRecordId } from './parameters';


const keyOf = (resource: Resource): RecordKey | undefined => SPEC_OF[resource].record.key;

/** "id 17 (client "Acme", id 3)" for a document, "id 3 ("Acme")" for a client: what tells two matches apart (the key's `tellApart`). */
function describeMatch(key: RecordKey, record: IDataObject): string {
	const parts = key.tellApart.map(({ field, label, quoted }) => {
		const value = quoted ? `"${trimmed(record[field])}"` : trimmed(record[field]);
		return label ? `${label} ${value}` : value;
	});
	return `id ${trimmed(record.id)} (${parts.join(', ')})`;
}

/**
 * The id of the one record whose key is `value`: the whole list read once per run and shared by its items
 * (the same read the guards share; a failed read is made again at most once, see lookupRecordsOfRun), then an exact match after trimming (e-mails without case). None, or
 * more than one, is an error naming them; nothing is ever guessed.
 */
async function idByKey(ctx: IExecuteSingleFunctions, scope: RunScope, options: IHttpRequestOptions, resource: Resource, value: string): Promise<string> {
	const key = keyOf(resource) as RecordKey;
	const list = await lookupRecordsOfRun(ctx, scope, options, resource);
	const matches = recordsWithKey(list, (record) => comparable(firstSet(record, key.fields), key.caseless), comparable(value, key.caseless));
	if (matches.length === 0) {
		throw inputError(
			ctx,
			`No ${resource} has the ${key.noun} "${value}"`,
			`Nothing was sent for this item. The ${KEY_MODE_NAMES[key.mode]} mode matches the ${key.noun} exactly (spaces around it ignored${key.caseless ? ', without case' : ''}): check it, or pick the ${resource} from the list.`,
		);
	}
	if (matches.length > 1) {
		throw inputError(
			ctx,
			`${matches.length} ${resource}s have the ${key.noun} "${value}": ${matches.map((m) => describeMatch(key, m)).join(' and ')}`,
			'Nothing was sent for this item. The node never guesses which one you mean: pick the record from the list or give its ID.',
		);
	}
	return trimmed(matches[0].id);
}

/** Whether a record has this key (a number, an e-mail): the run's shared list read, as idByKey makes it. */
export async function hasRecordWithKey(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions | undefined, resource: Resource, value: string): Promise<boolean> {
	const key = keyOf(resource);
	if (!key) return false;
	const list = await lookupRecordsOfRun(ctx, runScope(ctx), options ?? { url: '' }, resource);
	return recordsWithKey(list, (record) => comparable(firstSet(record, key.fields), key.caseless), comparable(value, key.caseless)).length > 0;
}

/**
 * Reads the item's record locator (once: each read evaluates its expression) and joins the item to its run.
 * Call at the start of the pre-send, before any await; an empty value is refused.
 */
export function readRecordTarget(ctx: IExecuteSingleFunctions, resource: Resource, locator?: { param: string; label: string }): RecordTarget {
	runScope(ctx);
	const { key } = SPEC_OF[resource].record;
	const { param, label } = locator ?? SPEC_OF[resource].record;
	const raw = itemParameter(ctx, param, '');
	const mode = isLocator(raw) ? raw.mode : 'id';
	const value = trimmed(locatorValue(raw));
	const byKey = key !== undefined && mode === key.mode;
	if (value === '') {
		throw inputError(ctx, byKey ? `"${label}" is empty: enter the ${resource} ${key.noun}.` : `"${label}" is empty: choose a record from the list or enter its ID.`);
	}
	if (byKey && isUnfinishedExpression(value)) {
		throw inputError(ctx, `"${label}" (${KEY_MODE_NAMES[key.mode]}) holds an unfinished expression, got ${JSON.stringify(value)}: nothing was sent`, UNFINISHED_EXPRESSION);
	}
	const target: RecordTarget = {
		noun: resource,
		label,
		mode,
		value,
		key: key ? { mode: key.mode, modeName: KEY_MODE_NAMES[key.mode], noun: key.noun } : undefined,
		id: byKey ? undefined : value,
	};
	rememberTarget(ctx, target);
	return target;
}

/** The target's record id: as given, or resolved from its number or e-mail (one list read per run). */
export async function targetId(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, resource: Resource, target: RecordTarget): Promise<string> {
	target.id ??= await idByKey(ctx, runScope(ctx), options, resource, target.value);
	return target.id;
}

/** The record id the item's request went to, for its answer's steps (no second evaluation of the locator). */
export function recordIdOf(ctx: IExecuteSingleFunctions, resource: Resource): string {
	const { param, label } = SPEC_OF[resource].record;
	return targetOf(ctx)?.id ?? readRecordId(ctx, param, label);
}

/**
 * The locator fields of a form given by key (a client By E-mail) replaced by the record's id. Call right
 * after reading the form, before any await.
 */
export async function resolveKeyedFields(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, params: ApiParams): Promise<ApiParams> {
	const scope = runScope(ctx);
	const resolved: ApiParams = { ...params };
	for (const [api, { mode, picks }] of keyedFieldsOf(ctx)) {
		const value = params[api];
		if (value === undefined || picks === undefined || mode !== keyOf(picks)?.mode) continue;
		resolved[api] = await idByKey(ctx, scope, options, picks, String(value));
	}
	return resolved;
}

/**
 * Get Many's Filters, read once and checked before anything is sent (see refuseUnusableFilters); a filter's record given by key (the Client filter By E-mail) becomes the record's
 * id before the list is read (an unknown e-mail fails the item instead of returning an empty list).
 */
export async function readListFilters(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, resource: Resource): Promise<IDataObject> {
	const scope = runScope(ctx);
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	refuseUnusableFilters(ctx, resource, filters);
	const resolved: IDataObject = { ...filters };
	for (const { editor, test } of SPEC_OF[resource].filters) {
		const given = filters[editor.name];
		if (test.kind !== 'sameId' || !isLocator(given) || given.mode !== keyOf(test.picks)?.mode) continue;
		const value = trimmed(given.value);
		if (value !== '') resolved[editor.name] = await idByKey(ctx, scope, options, test.picks, value);
	}
	rememberFilters(ctx, resolved);
	return resolved;
}

/** The filters the pre-send read (with the client resolved), else read now (operations without that pre-send). */
export function listFiltersOf(ctx: IExecuteSingleFunctions): IDataObject {
	return filtersOf(ctx) ?? (ctx.getNodeParameter('filters', {}) as IDataObject);
}

/** Get Many's pre-send: resolves the filters (see readListFilters); the request itself is unchanged. */
export function resolveListFilters(resource: Resource) {
	return async function listFilters(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		await readListFilters(this, options, resource);
		return options;
	};
}
