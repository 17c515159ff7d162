import { formatUnits, parseDecimal, roundTo } from './decimal';
import type { MinorAmounts } from './amounts';
import type { FigureMismatch, StatedFigure } from './errors';
import type { EInvoiceInput } from './types';

export interface CrossCheck {
	mismatch?: FigureMismatch;
	warnings: string[];
}

/** The service's own figures against the lines': more than one minor unit apart (a cent) is a mismatch. */
export function crossCheck(input: EInvoiceInput, amounts: MinorAmounts): CrossCheck {
	const stated = input.stated ?? {};
	const figures: Array<[StatedFigure, string | undefined, bigint]> = [
		['sub_total', stated.subTotal, amounts.lineTotal],
		['tax_amount', stated.taxAmount, amounts.taxAmount],
		['total', stated.total, amounts.totalWithTax],
	];
	const warnings: string[] = [];
	for (const [figure, text, computedUnits] of figures) {
		if (text === undefined || text.trim() === '') continue;
		const computed = formatUnits(computedUnits, amounts.decimals);
		const value = parseDecimal(text);
		if (!value) return { mismatch: { figure, stated: text, computed }, warnings };
		const scale = Math.max(value.scale, amounts.decimals);
		const difference = roundTo(value, scale) - computedUnits * 10n ** BigInt(scale - amounts.decimals);
		const oneUnit = 10n ** BigInt(scale - amounts.decimals);
		if (difference > oneUnit || difference < -oneUnit) return { mismatch: { figure, stated: text, computed }, warnings };
		if (difference !== 0n) warnings.push(`The invoice's ${figure} ${text} differs from its lines' ${computed} by less than one cent; the file carries ${computed}`);
	}
	return { warnings };
}
