import type { IDataObject } from 'n8n-workflow';

import { listOf, withNumberNames } from '../../../shared/api-answers';
import type { ApiEnvelope, Resource } from '../../../shared/api-types';
import { SPEC_OF } from '../../resources/resources';

/**
 * The lists that come with a record of each kind on Get (spec `related`). Create and update answers lack them;
 * the node adds them (empty for a record just created, read from the service for one updated), so that every
 * path that outputs a record (created, existing, updated, get) gives the same keys.
 */
export const relatedLists = (resource: Resource): string[] => SPEC_OF[resource].related.map(({ list }) => list);

/** An amount as the service writes its string amounts: two decimals, half away from zero ("1214.40"). */
function moneyText(value: number): string {
	return ((Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100).toFixed(2);
}

/** Line items with `amount` (quantity x rate), which the service gives on Get only. */
function itemsWithAmount(items: IDataObject[]): IDataObject[] {
	return items.map((item) =>
		item.amount !== undefined ? item : { ...item, amount: moneyText(Number(item.quantity) * Number(item.rate)) },
	);
}

/** The record with its items' amounts and its related lists: those of `related` when given, else empty. */
export function completeRecord(resource: Resource, record: IDataObject, related?: ApiEnvelope): IDataObject {
	const complete: IDataObject = { ...record };
	if (Array.isArray(complete.items)) complete.items = itemsWithAmount(complete.items as IDataObject[]);
	for (const list of relatedLists(resource)) {
		if (Array.isArray(complete[list])) continue;
		complete[list] = related ? listOf(related, list) : [];
	}
	return complete;
}

/** Amounts as numbers (those the spec's `textAmounts` name), for comparing in an IF or a filter (Simplify, and the state after an action). */
export function amountsAsNumbers(resource: Resource, record: IDataObject): IDataObject {
	return numbersAt(record, SPEC_OF[resource].textAmounts);
}

/** Money the service gives as text in a line item or a payment. */
const LISTED_AMOUNTS = ['rate', 'amount'];

/**
 * Version 2's output: every amount a number, the record's (`textAmounts`), its line items' and payments' rate
 * and amount, and those of the records listed with it (a client's invoices and estimates).
 */
export function everyAmountAsNumber(resource: Resource, record: IDataObject): IDataObject {
	const converted = amountsAsNumbers(resource, record);
	const lists: Array<{ list: string; of?: Resource }> = [{ list: 'items' }, ...SPEC_OF[resource].related];
	for (const { list, of } of lists) {
		const entries = converted[list];
		if (!Array.isArray(entries)) continue;
		converted[list] = (entries as IDataObject[]).map((entry) => (of ? amountsAsNumbers(of, entry) : numbersAt(entry, LISTED_AMOUNTS)));
	}
	return converted;
}

function numbersAt(record: IDataObject, fields: string[]): IDataObject {
	const converted: IDataObject = { ...record };
	for (const field of fields) {
		const value = converted[field];
		if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) converted[field] = Number(value);
	}
	return converted;
}

/**
 * A create's answer as a Get of the record would give it (under its path): the record (its number under both
 * names), its line items, and its related lists empty, as for every record just created (see completeRecord).
 */
export function createdAsRead(resource: Resource, body: ApiEnvelope): { path: string; body: ApiEnvelope } | undefined {
	const { envelope, numberNames } = SPEC_OF[resource];
	const record = listOf(body, envelope)[0];
	if (!record || record.id === undefined || record.id === null) return undefined;
	const read: ApiEnvelope = { ...body, [envelope]: [numberNames ? withNumberNames(record, numberNames) : record] };
	for (const list of relatedLists(resource)) read[list] = [];
	return { path: `/${resource}/${encodeURIComponent(String(record.id))}`, body: read };
}
