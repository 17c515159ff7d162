import type { IDataObject } from 'n8n-workflow';

import type { LineItem } from './types';

export type ItemsMode = 'define' | 'json' | 'keep';

/** Why a list of line items was refused, naming the item and the field. */
export class LineItemError extends Error {}

function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
	return undefined;
}

function describe(value: unknown): string {
	return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** Checks one entry of the list; `position` is its 0-based index. */
function toLineItem(entry: unknown, position: number, count: number): LineItem {
	const where = `Line item ${position + 1} of ${count} (index ${position})`;
	if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
		throw new LineItemError(`${where} must be an object with description, quantity and rate, got ${describe(entry)}`);
	}
	const item = entry as IDataObject;
	const description = typeof item.description === 'string' ? item.description.trim() : '';
	if (description === '') {
		throw new LineItemError(`${where}: "description" must be a non-empty text, got ${describe(item.description)}`);
	}
	const quantity = toNumber(item.quantity);
	if (quantity === undefined || quantity < 0) {
		throw new LineItemError(`${where}: "quantity" must be a number of 0 or more, got ${describe(item.quantity)}`);
	}
	const rate = toNumber(item.rate);
	if (rate === undefined || rate < 0) {
		throw new LineItemError(`${where}: "rate" must be a number of 0 or more, got ${describe(item.rate)}`);
	}
	return { description, quantity, rate };
}

/** Line items from "Define Below" rows or from a JSON array (text or value of an expression), validated. */
export function parseLineItems(mode: Exclude<ItemsMode, 'keep'>, defined: IDataObject[], json: unknown): LineItem[] {
	let list: unknown = mode === 'define' ? defined : json;
	if (typeof list === 'string') {
		try {
			list = JSON.parse(list);
		} catch {
			throw new LineItemError('Line Items (JSON) is not valid JSON: give an array like [{"description":"Work","quantity":1,"rate":100}]');
		}
	}
	if (!Array.isArray(list)) {
		throw new LineItemError(`Line Items (JSON) must be an array of {description, quantity, rate}, got ${describe(list)}`);
	}
	if (list.length === 0) throw new LineItemError('Add at least one line item');
	return list.map((entry, index) => toLineItem(entry, index, list.length));
}
