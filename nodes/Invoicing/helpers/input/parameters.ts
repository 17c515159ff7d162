import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiParams, LineItem } from '../../../shared/api-types';
import { ACCEPTED_DATE_FORMS, toApiDate } from '../../../shared/dates';
import { isLocator } from '../../../shared/text';
import { fieldError, inputError } from '../errors/item-errors';
import { isUnfinishedExpression, UNFINISHED_EXPRESSION } from '../../resources/common-fields';
import { toCurrencyCode } from './currencies';
import { itemParameter } from '../../engine/item-parameter';
import type { FieldSpec } from './field-specs';
import { noteKeyedField } from './keyed-values';
import { parseLineItems, type ItemsMode } from './line-items';

/** A value as the user can recognise it in a message: text quoted, a Date or Luxon DateTime as its ISO text. */
function describeValue(value: unknown): string {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : JSON.stringify(value.toISOString());
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		const iso = (value as { toISO(): string | null }).toISO();
		return iso === null ? 'an invalid DateTime' : JSON.stringify(iso);
	}
	return JSON.stringify(value) ?? String(value);
}

/** A field's value as the API wants it; undefined when the user left it empty. */
export function toApiValue(ctx: IExecuteSingleFunctions, spec: FieldSpec, raw: unknown): string | number | undefined {
	const value = isLocator(raw) ? raw.value : raw;
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	// a locator given by key (a client By E-mail) is resolved to the id before sending (see record-lookup)
	if (isLocator(raw) && raw.mode !== 'id' && raw.mode !== 'list') noteKeyedField(ctx, spec.api, { label: spec.label, mode: raw.mode, picks: spec.picks });
	switch (spec.kind) {
		case 'number': {
			const number = typeof value === 'number' ? value : Number(String(value).trim());
			if (!Number.isFinite(number) || number < 0) {
				throw inputError(ctx, `"${spec.label}" must be a number of 0 or more, got ${JSON.stringify(value)}`);
			}
			return number;
		}
		case 'date': {
			const date = toApiDate(value, ctx.getTimezone());
			if (date === null) {
				throw fieldError(
					ctx,
					spec.label,
					`must be an unambiguous date, got ${describeValue(value)}: give YYYY-MM-DD or an ISO date and time`,
					`Accepted: ${ACCEPTED_DATE_FORMS}. Other text (01/02/2026, 5 March 2026, 2026/03/05) is refused rather than guessed, because its day depends on conventions and time zones.`,
				);
			}
			return date;
		}
		case 'currency': {
			const code = toCurrencyCode(String(value));
			if (code === null) {
				throw fieldError(
					ctx,
					spec.label,
					`must be an ISO 4217 currency code, got ${describeValue(value)}`,
					'Give the three-letter code, e.g. USD, EUR, GBP, NGN (lower case is accepted and sent in capitals).',
				);
			}
			return code;
		}
		default:
			refuseUnfinishedExpression(ctx, spec.api, spec.label, value);
			return String(value).trim();
	}
}

/** The fields that name a record: what an unfinished expression sent there would become (see UNFINISHED_EXPRESSION). */
const NAMING_FIELDS = new Set(['names', 'email', 'invoice_no', 'estimate_no']);

/** A value of a field that names a record, refused when it begins with `{{` and never closes it. */
export function refuseUnfinishedExpression(ctx: IExecuteSingleFunctions, api: string, label: string, value: unknown): void {
	if (NAMING_FIELDS.has(api) && isUnfinishedExpression(value)) {
		throw fieldError(ctx, label, `holds an unfinished expression, got ${JSON.stringify(value)}: nothing was sent`, UNFINISHED_EXPRESSION);
	}
}

/** Required fields of a create: top-level parameters that must not be empty. */
export function readRequired(ctx: IExecuteSingleFunctions, specs: FieldSpec[]): ApiParams {
	const params: ApiParams = {};
	for (const spec of specs) {
		const value = toApiValue(ctx, spec, itemParameter(ctx, spec.param));
		if (value === undefined) throw inputError(ctx, `"${spec.label}" is required: enter a value.`);
		params[spec.api] = value;
	}
	return params;
}

/**
 * Fields of a collection (Additional Fields, Update Fields) that the user set. `onEmpty` hears of a field added
 * to the collection whose value is empty (the collection is read once: each read evaluates its expressions).
 */
export function readCollection(ctx: IExecuteSingleFunctions, name: string, specs: FieldSpec[], onEmpty?: (spec: FieldSpec) => void): ApiParams {
	const collection = itemParameter(ctx, name, {}) as IDataObject;
	const params: ApiParams = {};
	for (const spec of specs) {
		if (!(spec.param in collection)) continue;
		const value = toApiValue(ctx, spec, collection[spec.param]);
		if (value !== undefined) params[spec.api] = value;
		else onEmpty?.(spec);
	}
	return params;
}

/** Line items per the "Line Items" mode; undefined when an update keeps the current items. */
export function readLineItems(ctx: IExecuteSingleFunctions): LineItem[] | undefined {
	const mode = ctx.getNodeParameter('itemsMode', 'define') as ItemsMode;
	if (mode === 'keep') return undefined;
	const defined = mode === 'define' ? ((itemParameter(ctx, 'items', {}) as IDataObject).item as IDataObject[] | undefined) : undefined;
	const json = mode === 'json' ? itemParameter(ctx, 'itemsJson', '[]') : undefined;
	const result = parseLineItems(mode, defined ?? [], json);
	if ('error' in result) throw inputError(ctx, result.error);
	return result.items;
}

/** The id of the record operated on, from its resource locator; an empty one is refused before sending. */
export function readRecordId(ctx: IExecuteSingleFunctions, param: string, label: string): string {
	const value = itemParameter(ctx, param, '', { extractValue: true });
	const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (id === '') throw inputError(ctx, `"${label}" is empty: choose a record from the list or enter its ID.`);
	return id;
}
