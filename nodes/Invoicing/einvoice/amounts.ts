import { formatUnits, multiply, parseDecimal, roundTo, type Scaled } from './decimal';
import type { EInvoiceInput, EInvoiceTotals } from './types';

/**
 * ISO 4217 currencies without minor unit: their amounts are written as whole numbers (EN 16931 allows up to two
 * decimals, and its tax check BR-S-09 accepts a tax amount within one unit of the two-decimal product). Every
 * other currency is written with two decimals, the most EN 16931 allows (also those with three, like BHD).
 */
const WHOLE_UNIT_CURRENCIES = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

export function currencyDecimals(currency: string): number {
	return WHOLE_UNIT_CURRENCIES.has(currency.trim().toUpperCase()) ? 0 : 2;
}

/** Every figure of an invoice in minor units of its currency (10^-decimals). */
export interface MinorAmounts {
	decimals: number;
	lineNets: bigint[];
	lineTotal: bigint;
	taxAmount: bigint;
	totalWithTax: bigint;
	paid: bigint;
	due: bigint;
}

export class AmountTextError extends Error {
	constructor(readonly field: string, readonly value: string) {
		super(`${field} is not a decimal number: '${value}'`);
	}
}

export function decimalOf(field: string, value: string): Scaled {
	const parsed = parseDecimal(value);
	if (!parsed) throw new AmountTextError(field, value);
	return parsed;
}

/** The amounts, or undefined when a quantity, price, rate or paid amount is not decimal text. */
export function computeAmountsIfReadable(input: EInvoiceInput): MinorAmounts | undefined {
	const texts = [input.vat.rate, input.paid || '0', ...input.lines.flatMap((line) => [line.quantity, line.price])];
	return texts.every((text) => typeof text === 'string' && parseDecimal(text) !== undefined) ? computeAmounts(input) : undefined;
}

/** Line net = quantity × price, rounded; tax = basis × rate / 100, rounded; due = total − paid (BR-CO-16). */
export function computeAmounts(input: EInvoiceInput): MinorAmounts {
	const decimals = currencyDecimals(input.currency);
	const lineNets = input.lines.map((line, index) =>
		roundTo(multiply(decimalOf(`line ${index + 1} quantity`, line.quantity), decimalOf(`line ${index + 1} price`, line.price)), decimals),
	);
	const lineTotal = lineNets.reduce((sum, net) => sum + net, 0n);
	const rate = decimalOf('VAT rate', input.vat.rate);
	const taxAmount = roundTo({ units: lineTotal * rate.units, scale: decimals + rate.scale + 2 }, decimals);
	const totalWithTax = lineTotal + taxAmount;
	const paid = roundTo(decimalOf('amount paid', input.paid || '0'), decimals);
	return { decimals, lineNets, lineTotal, taxAmount, totalWithTax, paid, due: totalWithTax - paid };
}

export function totalsText(amounts: MinorAmounts): EInvoiceTotals {
	const text = (units: bigint) => formatUnits(units, amounts.decimals);
	return {
		lineTotal: text(amounts.lineTotal),
		taxBasis: text(amounts.lineTotal),
		taxAmount: text(amounts.taxAmount),
		totalWithTax: text(amounts.totalWithTax),
		paid: text(amounts.paid),
		due: text(amounts.due),
	};
}
