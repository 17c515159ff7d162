import type { INodeParameterResourceLocator } from 'n8n-workflow';

/** A value as text: empty for undefined and null, else as String writes it. */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A key as two records are compared on it: trimmed, and in lower case when it ignores case (e-mail addresses). */
export function comparable(value: unknown, caseless = false): string {
	const trimmed = text(value).trim();
	return caseless ? trimmed.toLowerCase() : trimmed;
}

/** A resource locator's value as the editor stores it (`{ __rl: true, mode, value }`). */
export function isLocator(value: unknown): value is INodeParameterResourceLocator {
	return typeof value === 'object' && value !== null && (value as INodeParameterResourceLocator).__rl === true;
}

/** What a locator holds, or the value itself (an expression may give the id plainly). */
export const locatorValue = (value: unknown): unknown => (isLocator(value) ? value.value : value);
