import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { DEFAULT_NUMBER_DIGITS, PREFIX_PARAM } from '../../../resources/numbering-fields';
import { nodeVersion } from '../../input/node-version';
import { inputError } from '../../errors/item-errors';
import { matchOf, type GuardedResource } from './matching';

/** Next in Sequence: the text before the digits, and how many digits (zero-padded). */
export interface NumberPattern {
	prefix: string;
	digits: number;
}

export const formatNumber = (pattern: NumberPattern, value: number): string => `${pattern.prefix}${String(value).padStart(pattern.digits, '0')}`;

/**
 * The place in the sequence of a number written exactly as the pattern writes it (`INV-0042` with `INV-` and 4:
 * 42); any other number (`INV-42`, `INV-00042`, `INV-0042a`, `EST-0042`) is not in the sequence: ignored, not misread.
 */
export function sequenceOf(pattern: NumberPattern, number: unknown): number | undefined {
	const text = typeof number === 'string' ? number : '';
	if (!text.startsWith(pattern.prefix)) return undefined;
	const digits = text.slice(pattern.prefix.length);
	if (!/^\d+$/.test(digits)) return undefined;
	const value = Number(digits);
	return Number.isSafeInteger(value) && formatNumber(pattern, value) === text ? value : undefined;
}

/** The highest sequence number among `numbers` (0 when none is of the sequence). */
export const highestOf = (pattern: NumberPattern, numbers: unknown[]): number => numbers.reduce<number>((high, number) => Math.max(high, sequenceOf(pattern, number) ?? 0), 0);

/** Whether the item's create takes its number from the sequence (Numbering: Next in Sequence). */
export const isNextNumber = (ctx: IExecuteSingleFunctions): boolean => ctx.getNodeParameter('numbering', 'given') === 'next';

/**
 * The item's pattern, read before anything is sent. An empty prefix is refused: it would number the documents
 * "0001" beside "INV-1001" without a word.
 */
export function readPattern(ctx: IExecuteSingleFunctions): NumberPattern {
	const prefix = String(ctx.getNodeParameter(PREFIX_PARAM[nodeVersion(ctx)], '') ?? '');
	if (prefix.trim() === '') {
		throw inputError(
			ctx,
			'"Number Prefix" is required with Numbering "Next in Sequence": enter the text before the digits',
			'For example INV- for invoices (INV-0001, INV-0002, ...) or EST- for estimates. Numbers without a prefix would be "0001", "0002", ...',
		);
	}
	const raw = ctx.getNodeParameter('numberDigits', DEFAULT_NUMBER_DIGITS) as unknown;
	const digits = typeof raw === 'number' ? raw : Number(String(raw).trim());
	if (!Number.isInteger(digits) || digits < 1 || digits > 12) {
		throw inputError(ctx, `"Number Digits" must be a whole number from 1 to 12, got ${JSON.stringify(raw)}`);
	}
	return { prefix, digits };
}

/** The number field of the resource's create (`invoice_no`, `estimate_no`) and where records keep it. */
export const numberKey = (resource: GuardedResource) => matchOf(resource).keys[0];

export const storedNumber = (resource: GuardedResource, record: IDataObject): unknown => {
	for (const name of numberKey(resource).stored) if (record[name] !== undefined && record[name] !== null) return record[name];
	return undefined;
};

