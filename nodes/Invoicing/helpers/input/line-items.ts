import type { IDataObject } from 'n8n-workflow';

import type { LineItem } from '../../../shared/api-types';

export type ItemsMode = 'define' | 'json' | 'keep';

/** The validated items, or why the list was refused (naming the item and the field). */
export type LineItemsResult = { items: LineItem[] } | { error: string };

function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
	return undefined;
}

function describe(value: unknown): string {
	return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** One entry of the list checked; `position` is its 0-based index. Returns the item or why it was refused. */
function toLineItem(entry: unknown, position: number, count: number): LineItem | string {
	const where = `Line item ${position} (of ${count}, counting from 0)`;
	if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
		return `${where} must be an object with description, quantity and rate, got ${describe(entry)}`;
	}
	const item = entry as IDataObject;
	const description = typeof item.description === 'string' ? item.description.trim() : '';
	if (description === '') return `${where}: "description" must be a non-empty text, got ${describe(item.description)}`;
	const quantity = toNumber(item.quantity);
	if (quantity === undefined || quantity < 0) return `${where}: "quantity" must be a number of 0 or more, got ${describe(item.quantity)}`;
	const rate = toNumber(item.rate);
	if (rate === undefined || rate < 0) return `${where}: "rate" must be a number of 0 or more, got ${describe(item.rate)}`;
	return { description, quantity, rate };
}

/** The list as given: rows, an array from an expression, or JSON text of one. */
function toList(input: unknown): unknown[] | string {
	let list = input;
	if (typeof list === 'string') {
		try {
			list = JSON.parse(list);
		} catch {
			return 'Line Items (JSON) is not valid JSON: give an array like [{"description":"Work","quantity":1,"rate":100}]';
		}
	}
	if (!Array.isArray(list)) return `Line Items (JSON) must be an array of {description, quantity, rate}, got ${describe(list)}`;
	return list.length === 0 ? 'Add at least one line item' : list;
}

/** Line items from "Define Below" rows or from a JSON array (text or value of an expression), validated. */
export function parseLineItems(mode: Exclude<ItemsMode, 'keep'>, defined: IDataObject[], json: unknown): LineItemsResult {
	const list = toList(mode === 'define' ? defined : json);
	if (typeof list === 'string') return { error: list };
	const items: LineItem[] = [];
	for (const [index, entry] of list.entries()) {
		const item = toLineItem(entry, index, list.length);
		if (typeof item === 'string') return { error: item };
		items.push(item);
	}
	return { items };
}
