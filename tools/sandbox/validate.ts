import { isServiceCurrency } from './currencies';
import { badRequest } from './errors';
import type { LineItem, Params } from './types';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

function present(value: unknown): boolean {
	return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function text(params: Params, name: string): string | undefined {
	const value = params[name];
	if (!present(value)) return undefined;
	if (typeof value === 'object') throw badRequest(`Parameter "${name}" must be a text value.`);
	return String(value).trim();
}

export function requiredText(params: Params, name: string): string {
	const value = text(params, name);
	if (value === undefined) throw badRequest(`Missing required parameter "${name}".`);
	return value;
}

export function optionalText(params: Params, name: string): string | undefined {
	return text(params, name);
}

/**
 * An optional text field that an update may empty: given but blank (`email=`) is "" (clear it), left out
 * is undefined (keep it). The service's rule for every optional text field, on create and update alike.
 */
export function clearableText(params: Params, name: string): string | undefined {
	if (name in params && typeof params[name] === 'string' && (params[name] as string).trim() === '') return '';
	return text(params, name);
}

function asNumber(value: unknown, label: string): number {
	const ok =
		(typeof value === 'number' && Number.isFinite(value) && value >= 0) ||
		(typeof value === 'string' && NUMBER.test(value));
	if (!ok) throw badRequest(`Parameter "${label}" must be a non-negative number, got ${JSON.stringify(value)}.`);
	return Number(value);
}

export function requiredNumber(params: Params, name: string): number {
	if (!present(params[name])) throw badRequest(`Missing required parameter "${name}".`);
	return asNumber(params[name], name);
}

export function optionalNumber(params: Params, name: string): number | undefined {
	return present(params[name]) ? asNumber(params[name], name) : undefined;
}

function isCalendarDate(value: string): boolean {
	const match = DATE.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkDate(value: string, name: string): string {
	if (!isCalendarDate(value)) {
		throw badRequest(`Parameter "${name}" must be a calendar date as YYYY-MM-DD, got "${value}".`);
	}
	return value;
}

export function requiredDate(params: Params, name: string): string {
	return checkDate(requiredText(params, name), name);
}

export function optionalDate(params: Params, name: string): string | undefined {
	const value = optionalText(params, name);
	return value === undefined ? undefined : checkDate(value, name);
}

function checkCurrency(value: string): string {
	if (!isServiceCurrency(value)) {
		throw badRequest(`Parameter "currency" must be an active ISO 4217 code in capitals (e.g. USD, EUR), got "${value}".`);
	}
	return value;
}

export function requiredCurrency(params: Params): string {
	return checkCurrency(requiredText(params, 'currency'));
}

export function optionalCurrency(params: Params): string | undefined {
	const value = optionalText(params, 'currency');
	return value === undefined ? undefined : checkCurrency(value);
}

function checkEmail(value: string, name: string): string {
	if (!EMAIL.test(value)) throw badRequest(`Parameter "${name}" must be an e-mail address, got "${value}".`);
	return value;
}

export function requiredEmail(params: Params, name: string): string {
	return checkEmail(requiredText(params, name), name);
}

export function optionalEmail(params: Params, name: string): string | undefined {
	const value = clearableText(params, name);
	return value === undefined || value === '' ? value : checkEmail(value, name);
}

/** A document may not fall due before it is issued (YYYY-MM-DD compares as text). */
export function checkDueNotBeforeIssue(issueDate: string, dueDate: string): void {
	if (dueDate < issueDate) {
		throw badRequest(`Parameter "due_date" (${dueDate}) is before "issue_date" (${issueDate}): a document cannot fall due before it is issued.`);
	}
}

export function oneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
	if (value === undefined) return undefined;
	if (!(allowed as readonly string[]).includes(value)) {
		throw badRequest(`Parameter "${name}" must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, got "${value}".`);
	}
	return value as T;
}

/** Items as sent: an array (JSON, bracket form) or a JSON text of one (query string). */
function itemList(value: unknown): unknown[] {
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			throw badRequest('Parameter "items" must be a list of {description, quantity, rate}.');
		}
	}
	if (value !== null && typeof value === 'object' && !Array.isArray(value)) value = Object.values(value);
	if (!Array.isArray(value)) throw badRequest('Parameter "items" must be a list of {description, quantity, rate}.');
	return value;
}

export function optionalItems(params: Params): LineItem[] | undefined {
	const raw = params.items ?? params['items[]'];
	if (raw === undefined) return undefined;
	const list = itemList(raw);
	if (list.length === 0) throw badRequest('Parameter "items" must hold at least one item.');
	return list.map((entry, index) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw badRequest(`items[${index}] must be an object with description, quantity and rate.`);
		}
		const item = entry as Params;
		const field = (name: string) => `items[${index}][${name}]`;
		const description = text(item, 'description');
		if (description === undefined) throw badRequest(`Missing required parameter "${field('description')}".`);
		if (!present(item.quantity)) throw badRequest(`Missing required parameter "${field('quantity')}".`);
		if (!present(item.rate)) throw badRequest(`Missing required parameter "${field('rate')}".`);
		return {
			description,
			quantity: asNumber(item.quantity, field('quantity')),
			rate: asNumber(item.rate, field('rate')),
		};
	});
}

export function requiredItems(params: Params): LineItem[] {
	const items = optionalItems(params);
	if (items === undefined) throw badRequest('Missing required parameter "items": give at least one item.');
	return items;
}
