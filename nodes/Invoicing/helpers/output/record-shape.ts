import type { IDataObject } from 'n8n-workflow';

import { listOf } from '../../../shared/api-answers';
import type { ApiEnvelope, Resource } from '../../../shared/api-types';

/**
 * The lists that come with a record of each kind on Get. Create and update answers lack them; the node adds
 * them (empty for a record just created, read from the service for one updated), so that every path that
 * outputs a record (created, existing, updated, get) gives the same keys.
 */
export const RELATED_LISTS: Record<Resource, string[]> = {
	client: ['invoices', 'estimates'],
	expense: [],
	invoice: ['payments', 'send_log'],
	estimate: ['send_log'],
};

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
	for (const list of RELATED_LISTS[resource]) {
		if (Array.isArray(complete[list])) continue;
		complete[list] = related ? listOf(related, list) : [];
	}
	return complete;
}

/** The service's amounts that come as text ("1214.40"), by record kind; totals come as numbers already. */
const TEXT_AMOUNTS: Partial<Record<Resource, string[]>> = {
	invoice: ['amount_paid', 'outstanding_balance', 'total', 'sub_total', 'tax_amount'],
	estimate: ['total', 'sub_total', 'tax_amount'],
	expense: ['amount'],
};

/** Amounts as numbers, for comparing in an IF or a filter (Simplify, and the state after an action). */
export function amountsAsNumbers(resource: Resource, record: IDataObject): IDataObject {
	const converted: IDataObject = { ...record };
	for (const field of TEXT_AMOUNTS[resource] ?? []) {
		const value = converted[field];
		if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) converted[field] = Number(value);
	}
	return converted;
}
