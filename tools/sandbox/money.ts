import type { LineItem } from './types';

/** Rounds to cents, half away from zero, without binary-fraction surprises (1.005 -> 1.01). */
export function roundCents(value: number): number {
	return Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9) / 100;
}

/** Amount as the API's string fields carry it: two decimals, e.g. "125.50". */
export function moneyText(value: number): string {
	return roundCents(value).toFixed(2);
}

export interface Totals {
	sub_total: number;
	tax_amount: number;
	total: number;
}

export function computeTotals(items: LineItem[], taxRate: number): Totals {
	const subTotal = roundCents(items.reduce((sum, item) => sum + item.quantity * item.rate, 0));
	const taxAmount = roundCents((subTotal * taxRate) / 100);
	return { sub_total: subTotal, tax_amount: taxAmount, total: roundCents(subTotal + taxAmount) };
}
