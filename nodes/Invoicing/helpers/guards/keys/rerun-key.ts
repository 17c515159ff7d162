import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiParams } from '../../../../shared/api-types';
import { inputError } from '../../errors/item-errors';

/**
 * The Re-Run Key of a Next in Sequence create (Numbering: Next in Sequence): a key the user names, the order's id
 * from the shop or CRM. The node writes it as the last line of the chosen field, `Ref: <key>`, after the user's own
 * text (never changed), and a re-run finds the document by that line. Stripe's idempotency keys are the model:
 * the key names the intent, whatever else the row holds.
 */

/** Where the key is written: the document's footer note (the default) or its description. */
export type KeyField = 'note' | 'description';

export interface RerunKey {
	field: KeyField;
	value: string;
}

/** The line the node appends: `Ref: order-1001`. */
export const KEY_LINE_PREFIX = 'Ref: ';

export const keyLine = (value: string): string => `${KEY_LINE_PREFIX}${value}`;

const lines = (text: string) => text.split(/\r?\n/);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The key a field's text ends with (its last line, `Ref: <key>`), or undefined. */
export function keyIn(value: unknown): string | undefined {
	const last = lines(text(value).trimEnd()).pop()?.trim() ?? '';
	if (!last.startsWith(KEY_LINE_PREFIX)) return undefined;
	const key = last.slice(KEY_LINE_PREFIX.length).trim();
	return key === '' ? undefined : key;
}

/** The field's text without the key line the node appended (the user's own text). */
export function withoutKeyLine(value: unknown): string {
	const all = lines(text(value).trimEnd());
	if (keyIn(value) !== undefined) all.pop();
	return all.join('\n').trim();
}

/** The user's text with the key line after it; unchanged when it already ends with that very line (a re-fed output). */
export function withKeyLine(value: unknown, key: string): string {
	const own = text(value).trimEnd();
	if (keyIn(own) === key) return own;
	return own === '' ? keyLine(key) : `${own}\n${keyLine(key)}`;
}

/** The item's Re-Run Key, or undefined when left empty; a key of several lines is refused (it could not be read back). */
export function readRerunKey(ctx: IExecuteSingleFunctions): RerunKey | undefined {
	const raw = ctx.getNodeParameter('rerunKey', '') as unknown;
	const value = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
	if (value === '') return undefined;
	if (/[\r\n]/.test(value)) {
		throw inputError(ctx, `"Re-Run Key" must be one line, got ${JSON.stringify(raw)}`, 'Give the order\'s ID alone, e.g. order-1001.');
	}
	const field = ctx.getNodeParameter('rerunKeyField', 'note') === 'description' ? 'description' : 'note';
	return { field, value };
}

/** The params with the key line written into the chosen field. */
export const withKeyWritten = (params: ApiParams, key: RerunKey): ApiParams => ({ ...params, [key.field]: withKeyLine(params[key.field], key.value) });

/** Whether a document (as the list gives it) carries the key in the chosen field. */
export const carriesKey = (record: IDataObject, key: RerunKey): boolean => keyIn(record[key.field]) === key.value;

/**
 * An update that writes the note or the description of a document ending with a Re-Run Key line keeps that line
 * after the new text (a cleared field keeps the line alone): a re-run finds the document by it, and without it
 * would make a second one. New text that ends with a key line of its own is sent as given.
 */
export function withKeyLinesKept(params: ApiParams, current: IDataObject): ApiParams {
	const kept: ApiParams = { ...params };
	for (const field of ['note', 'description'] as const) {
		const value = params[field];
		const key = keyIn(current[field]);
		if (value === undefined || Array.isArray(value) || key === undefined || keyIn(value) !== undefined) continue;
		kept[field] = withKeyLine(value, key);
	}
	return kept;
}

/** The params with the item's Re-Run Key written, and the key a re-run finds the document by (none when left empty). */
export function keyedParams(ctx: IExecuteSingleFunctions, params: ApiParams): { params: ApiParams; key?: { by: 'key' } & RerunKey } {
	const key = readRerunKey(ctx);
	return key ? { params: withKeyWritten(params, key), key: { by: 'key', ...key } } : { params };
}
