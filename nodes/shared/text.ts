import type { INodeParameterResourceLocator } from 'n8n-workflow';

/** A value as text: empty for undefined and null, else as String writes it. */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A value as text, spaces around it dropped. */
export const trimmed = (value: unknown): string => text(value).trim();

/** A key as two records are compared on it: trimmed, and in lower case when it ignores case (e-mail addresses). */
export const comparable = (value: unknown, caseless = false): string => (caseless ? trimmed(value).toLowerCase() : trimmed(value));

/** A resource locator's value as the editor stores it (`{ __rl: true, mode, value }`). */
export function isLocator(value: unknown): value is INodeParameterResourceLocator {
	return typeof value === 'object' && value !== null && (value as INodeParameterResourceLocator).__rl === true;
}

/** What a locator holds, or the value itself (an expression may give the id plainly). */
export const locatorValue = (value: unknown): unknown => (isLocator(value) ? value.value : value);
