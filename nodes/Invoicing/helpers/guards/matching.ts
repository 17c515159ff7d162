import type { IDataObject } from 'n8n-workflow';

import type { ApiParams, LineItem, Resource } from '../../../shared/api-types';

/** The resources whose records have a key the guards match on (see matchKey). */
export type GuardedResource = 'client' | 'invoice' | 'estimate';

/** The resource, for a guard that needs its key; a spec naming a guard for a resource without one is refused at load. */
export function asGuarded(resource: Resource): GuardedResource {
	if (resource === 'client' || resource === 'invoice' || resource === 'estimate') return resource;
	throw new Error(`The ${resource} has no key to match records on: its operations cannot use a guarded create or upsert`);
}

/** The resource, for the documents a guarded Send e-mails (their send log). */
export function asDocument(resource: Resource): 'invoice' | 'estimate' {
	if (resource === 'invoice' || resource === 'estimate') return resource;
	throw new Error(`The ${resource} has no send log: its operations cannot use Send`);
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/**
 * What identifies a record of each kind when the service has no idempotency key: a client by its
 * e-mail (else its name), an invoice or estimate by its number. Compared without case for e-mails and names.
 */
export function matchKey(resource: GuardedResource, params: ApiParams): { field: string; value: string } {
	switch (resource) {
		case 'client':
			return text(params.email) !== ''
				? { field: 'email', value: text(params.email).toLowerCase() }
				: { field: 'names', value: text(params.names).toLowerCase() };
		case 'invoice':
			return { field: 'invoice_no', value: text(params.invoice_no) };
		case 'estimate':
			return { field: 'estimate_no', value: text(params.estimate_no) };
	}
}

/** The same key read from a record as the service lists it (estimates name their number reference_no there). */
function recordKey(resource: GuardedResource, field: string, record: IDataObject): string {
	if (resource === 'estimate') return text(record.reference_no ?? record.estimate_no);
	const value = text(record[field]);
	return resource === 'client' ? value.toLowerCase() : value;
}

export function findMatches(resource: GuardedResource, params: ApiParams, records: IDataObject[]): IDataObject[] {
	const key = matchKey(resource, params);
	return records.filter((record) => recordKey(resource, key.field, record) === key.value);
}

/** Where a parameter sent on create is found in the record the service returns. */
const RECORD_FIELD: Record<string, string> = { client: 'customer_id', estimate_no: 'reference_no' };
const NUMERIC = new Set(['tax_rate']);
const CASELESS = new Set(['email', 'currency']);

function sameValue(api: string, wanted: unknown, actual: unknown): boolean {
	if (NUMERIC.has(api)) return Math.abs(Number(wanted) - Number(actual)) < 0.005;
	if (CASELESS.has(api)) return text(wanted).toLowerCase() === text(actual).toLowerCase();
	return text(wanted) === text(actual);
}

function sameItems(wanted: LineItem[], actual: unknown): boolean {
	if (!Array.isArray(actual) || actual.length !== wanted.length) return false;
	return wanted.every((item, i) => {
		const other = actual[i] as IDataObject;
		return (
			text(item.description) === text(other.description) &&
			Math.abs(Number(item.quantity) - Number(other.quantity)) < 1e-9 &&
			Math.abs(Number(item.rate) - Number(other.rate)) < 0.005
		);
	});
}

/**
 * State the service's own life cycle changes after a create (Record Payment and Mark as Paid set the payment
 * status, an accepted estimate is marked so): a re-run of create -> send -> pay must still find its record identical.
 * Amounts paid and outstanding, payments and the send log are never sent on create, so never compared.
 */
const LIFECYCLE = new Set(['payment_status', 'accepted']);

/** The parameters this create would send that the existing record holds otherwise (empty when identical). */
export function differences(params: ApiParams, record: IDataObject): string[] {
	const different: string[] = [];
	for (const [api, wanted] of Object.entries(params)) {
		if (wanted === undefined || LIFECYCLE.has(api)) continue;
		if (api === 'items') {
			if (!sameItems(wanted as LineItem[], record.items)) different.push('items');
			continue;
		}
		const field = RECORD_FIELD[api] ?? api;
		const actual = record[field] ?? (api === 'estimate_no' ? record.estimate_no : undefined);
		if (!sameValue(api, wanted, actual)) different.push(api);
	}
	return different;
}

/** The record's id and what people know it by, for error messages. */
export function describeRecord(resource: GuardedResource, record: IDataObject): string {
	const label = resource === 'client' ? text(record.email) || text(record.names) : text(record.invoice_no ?? record.reference_no ?? record.estimate_no);
	return `"${label}" (id ${text(record.id)})`;
}
