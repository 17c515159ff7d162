import type { IDataObject } from 'n8n-workflow';

import { firstSet } from '../../../../shared/api-answers';
import type { ApiParams, LineItem, Resource } from '../../../../shared/api-types';
import { comparable, trimmed } from '../../../../shared/text';
import { SPEC_OF } from '../../../resources/resources';
import type { MatchSpec, RecordField } from '../../../resources/types';

/** A resource whose records have a key the guards match on (its spec's `match`). */
export type GuardedResource = Resource;

/** The key a guarded resource matches records on. */
export function matchOf(resource: GuardedResource): MatchSpec {
	const match = SPEC_OF[resource].match;
	if (!match) throw new Error(`The ${resource} has no key to match records on: its operations cannot use a guarded create or upsert`);
	return match;
}

/** The resource, for a guard that needs its key; a spec naming a guard for a resource without one is refused at load. */
export function asGuarded(resource: Resource): GuardedResource {
	matchOf(resource);
	return resource;
}

/** The resource, for the documents a guarded Send or Record Payment acts on: records of a client. */
export function asDocument(resource: Resource): GuardedResource {
	if (!SPEC_OF[resource].match?.owner) throw new Error(`The ${resource} belongs to no client: its operations cannot use Send or Record Payment`);
	return resource;
}

/**
 * What identifies a record when the service has no idempotency key (the resource spec's `match`): the first key
 * whose value is set, else the last one (a client's e-mail, else its name; an invoice's or estimate's number).
 */
export function matchKey(resource: GuardedResource, params: ApiParams): { field: string; value: string } {
	const { keys, caseless } = matchOf(resource);
	const key = keys.find((candidate) => trimmed(params[candidate.api]) !== '') ?? keys[keys.length - 1];
	return { field: key.api, value: comparable(params[key.api], caseless) };
}

export function findMatches(resource: GuardedResource, params: ApiParams, records: IDataObject[]): IDataObject[] {
	const key = matchKey(resource, params);
	const { keys, caseless } = matchOf(resource);
	// the same key read from a record as the service lists it (estimates name their number reference_no there)
	const stored = keys.find((candidate) => candidate.api === key.field)?.stored ?? [key.field];
	return records.filter((record) => comparable(firstSet(record, stored), caseless) === key.value);
}

/** Compared as the field is declared: a number to the cent, a currency or a caseless field without case, text as given. */
function sameValue(field: RecordField | undefined, wanted: unknown, actual: unknown): boolean {
	if (field?.kind === 'number') return Math.abs(Number(wanted) - Number(actual)) < 0.005;
	const caseless = field?.kind === 'currency' || field?.caseless === true;
	return comparable(wanted, caseless) === comparable(actual, caseless);
}

function sameItems(wanted: LineItem[], actual: unknown): boolean {
	if (!Array.isArray(actual) || actual.length !== wanted.length) return false;
	return wanted.every((item, i) => {
		const other = actual[i] as IDataObject;
		return (
			trimmed(item.description) === trimmed(other.description) &&
			Math.abs(Number(item.quantity) - Number(other.quantity)) < 1e-9 &&
			Math.abs(Number(item.rate) - Number(other.rate)) < 0.005
		);
	});
}

/**
 * The parameters this create would send that the existing record holds otherwise (empty when identical). Fields
 * the service's life cycle changes (the spec's `lifecycle`: payment status, acceptance) are not compared, so a
 * re-run of create -> send -> pay still finds its record identical; amounts paid and outstanding, payments and
 * the send log are never sent on create, so never compared either.
 */
export function differences(resource: GuardedResource, params: ApiParams, record: IDataObject): string[] {
	const fields = SPEC_OF[resource].fields;
	const different: string[] = [];
	for (const [api, wanted] of Object.entries(params)) {
		const field = fields.find((candidate) => candidate.api === api);
		if (wanted === undefined || field?.lifecycle !== undefined) continue;
		if (api === 'items') {
			if (!sameItems(wanted as LineItem[], record.items)) different.push('items');
			continue;
		}
		// where the record keeps what was sent (an invoice's client is its customer_id), else under the same name
		const actual = firstSet(record, [field?.stored ?? api, api]);
		if (!sameValue(field, wanted, actual)) different.push(api);
	}
	return different;
}

/**
 * What a record holds of the fields a write gives it (the resource spec's fields, as the service stores them),
 * without those its life cycle changes: two reads of one record that differ here were written in between.
 */
export function writtenValues(resource: GuardedResource, record: IDataObject): Record<string, string> {
	const values: Record<string, string> = {};
	for (const field of SPEC_OF[resource].fields) {
		if (field.lifecycle !== undefined) continue;
		values[field.api] = trimmed(firstSet(record, [field.stored ?? field.api, field.api]));
	}
	if (SPEC_OF[resource].lineItems) {
		const items = Array.isArray(record.items) ? (record.items as IDataObject[]) : [];
		values.items = JSON.stringify(items.map((item) => [trimmed(item.description), Number(item.quantity), Math.round(Number(item.rate) * 100)]));
	}
	return values;
}

/** The fields whose written values differ between two reads of a record (see writtenValues). */
export function changedFields(before: Record<string, string>, after: Record<string, string>): string[] {
	return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((api) => before[api] !== after[api]);
}

/** What people know the record by: its first match key that is set (a client's e-mail, else its name; a number). */
export function recordName(resource: GuardedResource, record: IDataObject): string {
	for (const key of matchOf(resource).keys) {
		const value = trimmed(firstSet(record, key.stored));
		if (value !== '') return value;
	}
	return '';
}

/** The record's id and what people know it by, for error messages. */
export function describeRecord(resource: GuardedResource, record: IDataObject): string {
	return `"${recordName(resource, record)}" (id ${trimmed(record.id)})`;
}
