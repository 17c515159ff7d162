import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { Resource } from '../../../shared/api-types';
import { ItemMemory } from '../../engine/item-memory';

/**
 * What one item gave for the record it acts on (By ID, or by its key: By Number, By E-mail) and the id that
 * became, so that the answer's steps use the same id without evaluating the parameter again.
 */
export interface RecordTarget {
	/** "invoice", "estimate", "client": the record's resource, its noun in messages. */
	noun: Resource;
	/** The locator's label: "Invoice". */
	label: string;
	mode: string;
	/** The value given, trimmed. */
	value: string;
	/** The key the resource has besides its id, if any: its mode, its display name and its noun ("number"). */
	key?: { mode: string; modeName: string; noun: string };
	/** The record's id, once known. */
	id?: string;
}

const targets = new ItemMemory<RecordTarget>();

/** A locator field of an item's request given by key (a client By E-mail): its label, its mode, the resource it picks. */
export interface KeyedField {
	label: string;
	mode: string;
	picks?: Resource;
}

/** The locator fields of an item's request given by key, by API name. */
const keyedFields = new ItemMemory<Map<string, KeyedField>>();

/** Filters whose client was given By E-mail, with the id it resolved to (read once, in the pre-send). */
const resolvedFilters = new ItemMemory<IDataObject>();

export function rememberTarget(ctx: IExecuteSingleFunctions, target: RecordTarget): void {
	targets.set(ctx, target);
}

export function targetOf(ctx: IExecuteSingleFunctions): RecordTarget | undefined {
	return targets.get(ctx);
}

export function noteKeyedField(ctx: IExecuteSingleFunctions, api: string, field: KeyedField): void {
	const fields = keyedFields.get(ctx) ?? new Map<string, KeyedField>();
	fields.set(api, field);
	keyedFields.set(ctx, fields);
}

export function keyedFieldsOf(ctx: IExecuteSingleFunctions): Map<string, KeyedField> {
	return keyedFields.get(ctx) ?? new Map();
}

export function rememberFilters(ctx: IExecuteSingleFunctions, filters: IDataObject): void {
	resolvedFilters.set(ctx, filters);
}

export function filtersOf(ctx: IExecuteSingleFunctions): IDataObject | undefined {
	return resolvedFilters.get(ctx);
}

/**
 * For a 404 of a By ID value that is not an id but looks like the record's key (`INV-1002`, an e-mail): the hint
 * pointing to the mode that takes it, and the key to look for. Ids are long and digits only (the service's "long
 * numeric-looking string"). Given only once a record is found with that key (id-lookalike): `999999` may be no
 * number at all.
 */
export function keyLookalike(ctx: IExecuteSingleFunctions): { resource: Resource; value: string; hint: string } | undefined {
	const target = targetOf(ctx);
	const key = target?.key;
	if (!target || !key || target.mode !== 'id') return undefined;
	// a number has digits; an id is digits only, and long
	const value = target.value;
	const looksLikeKey = key.mode === 'email' ? value.includes('@') : /\d/.test(value) && (/\D/.test(value) || value.length < 10);
	if (!looksLikeKey) return undefined;
	const what = key.mode === 'email' ? 'an e-mail address' : `an ${target.noun} ${key.noun}`;
	return {
		resource: target.noun,
		value,
		hint: `No record has this ID: "${target.value}" looks like ${what}, not an ID. Switch "${target.label}" to the ${key.modeName} mode to give the ${key.noun} as it is, or pick the record from the list.`,
	};
}
