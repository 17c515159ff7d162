import type { EInvoiceInput, EInvoiceTotals } from '../../nodes/Invoicing/einvoice/types';

/** A fraction of integers: a second way to compute the totals, written apart from the writer's own arithmetic. */
interface Fraction {
	n: bigint;
	d: bigint;
}

function fraction(text: string): Fraction {
	const [whole, part = ''] = text.trim().replace(/^\+/, '').split('.');
	const negative = whole.startsWith('-');
	const digits = `${whole.replace('-', '') || '0'}${part}`;
	return { n: (negative ? -1n : 1n) * BigInt(digits), d: 10n ** BigInt(part.length) };
}

/** n/d in whole steps of 10^-decimals, a half away from zero */
function steps(value: Fraction, decimals: number): bigint {
	const scaled = value.n * 10n ** BigInt(decimals);
	const sign = scaled < 0n ? -1n : 1n;
	const magnitude = scaled * sign;
	const quotient = magnitude / value.d;
	const remainder = magnitude - quotient * value.d;
	return sign * (remainder * 2n >= value.d ? quotient + 1n : quotient);
}

function text(stepsValue: bigint, decimals: number): string {
	if (decimals === 0) return stepsValue.toString();
	const sign = stepsValue < 0n ? '-' : '';
	const digits = (stepsValue < 0n ? -stepsValue : stepsValue).toString().padStart(decimals + 1, '0');
	return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export function oracleTotals(input: EInvoiceInput): EInvoiceTotals & { lineNets: string[] } {
	const decimals = input.currency === 'JPY' ? 0 : 2;
	const nets = input.lines.map((line) => {
		const quantity = fraction(line.quantity);
		const price = fraction(line.price);
		return steps({ n: quantity.n * price.n, d: quantity.d * price.d }, decimals);
	});
	const lineTotal = nets.reduce((a, b) => a + b, 0n);
	const rate = fraction(input.vat.rate);
	const tax = steps({ n: lineTotal * rate.n, d: rate.d * 100n * 10n ** BigInt(decimals) }, decimals);
	const paid = steps(fraction(input.paid), decimals);
	return {
		lineNets: nets.map((net) => text(net, decimals)),
		lineTotal: text(lineTotal, decimals),
		taxBasis: text(lineTotal, decimals),
		taxAmount: text(tax, decimals),
		totalWithTax: text(lineTotal + tax, decimals),
		paid: text(paid, decimals),
		due: text(lineTotal + tax - paid, decimals),
	};
}
