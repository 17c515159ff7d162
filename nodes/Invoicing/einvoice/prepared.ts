import { currencyDecimals, type MinorAmounts } from './amounts';
import { formatScaled, formatUnits, parseDecimal } from './decimal';
import type { EInvoiceFormatInfo } from './formats';
import type { EInvoiceInput } from './types';

/** What both syntax writers need: the cleaned input, the format, the computed amounts and how to write numbers. */
export interface PreparedInvoice {
	input: EInvoiceInput;
	info: EInvoiceFormatInfo;
	amounts: MinorAmounts;
	/** minor units as the file's amount text */
	money(units: bigint): string;
	/** decimal text as the file writes it, trailing zeros dropped ('2.500' -> '2.5') */
	number(text: string): string;
	/** VAT identifiers may not appear when the invoice is not subject to VAT (BR-O-02) */
	writesVatIds: boolean;
	/** the category states its rate on the lines (BR-O-05: not for O) */
	lineRate?: string;
	/** BT-120/121 are written for exempt categories only (BR-S-10, BR-Z-10 forbid them) */
	exemption?: { reason?: string; code?: string };
}

export function prepare(input: EInvoiceInput, info: EInvoiceFormatInfo, amounts: MinorAmounts): PreparedInvoice {
	const decimals = currencyDecimals(input.currency);
	const number = (text: string) => {
		const parsed = parseDecimal(text);
		return parsed ? formatScaled(parsed) : text;
	};
	const category = input.vat.category;
	const exempt = category !== 'S' && category !== 'Z';
	return {
		input,
		info,
		amounts,
		money: (units) => formatUnits(units, decimals),
		number,
		writesVatIds: category !== 'O',
		lineRate: category === 'O' ? undefined : number(input.vat.rate),
		exemption: exempt ? { reason: input.vat.exemptionReason, code: input.vat.exemptionReasonCode } : undefined,
	};
}

/** YYYY-MM-DD as CII's format 102 (YYYYMMDD) */
export const compactDate = (date: string): string => date.replace(/-/g, '');
