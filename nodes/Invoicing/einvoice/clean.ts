import { hasUnwritable, removeUnwritable } from './escape';
import type { EInvoiceInput } from './types';

type Plain = string | number | boolean | undefined | null | Plain[] | { [key: string]: Plain };

/** Whether any text in the value holds a character XML cannot carry (most inputs: none, and nothing is copied). */
function anyUnwritable(value: Plain): boolean {
	if (typeof value === 'string') return hasUnwritable(value);
	if (Array.isArray(value)) return value.some(anyUnwritable);
	return value !== null && typeof value === 'object' && Object.values(value).some(anyUnwritable);
}

function cleanValue(value: Plain, path: string, dirty: string[]): Plain {
	if (typeof value === 'string') {
		if (!hasUnwritable(value)) return value;
		dirty.push(path);
		return removeUnwritable(value);
	}
	if (Array.isArray(value)) return value.map((item, index) => cleanValue(item, `${path}[${index}]`, dirty));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanValue(item, path ? `${path}.${key}` : key, dirty)]));
	}
	return value;
}

/**
 * The input with characters XML cannot carry removed, and the fields they were removed from; an input without any
 * is given back as it is.
 */
export function cleanInput(input: EInvoiceInput): { input: EInvoiceInput; dirtyFields: string[] } {
	if (!anyUnwritable(input as unknown as Plain)) return { input, dirtyFields: [] };
	const dirtyFields: string[] = [];
	const cleaned = cleanValue(input as unknown as Plain, '', dirtyFields) as unknown as EInvoiceInput;
	return { input: cleaned, dirtyFields };
}
