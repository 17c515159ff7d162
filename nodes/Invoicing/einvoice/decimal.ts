/** A decimal number held exactly: `units` counts steps of 10^-scale. */
export interface Scaled {
	units: bigint;
	scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Decimal text ('12', '-0.5', '3.1415') as an exact number; undefined for anything else (exponents, commas, blanks). */
export function parseDecimal(text: string): Scaled | undefined {
	const match = DECIMAL_TEXT.exec(text.trim());
	if (!match) return undefined;
	const [, sign, whole, fraction = ''] = match;
	if (whole === '' && fraction === '') return undefined;
	const units = BigInt(`${whole || '0'}${fraction}`);
	return { units: sign === '-' ? -units : units, scale: fraction.length };
}

const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);

/** The value in units of 10^-scale, a half rounded away from zero (commercial rounding). */
export function roundTo(value: Scaled, scale: number): bigint {
	if (scale >= value.scale) return value.units * pow10(scale - value.scale);
	const divisor = pow10(value.scale - scale);
	const magnitude = value.units < 0n ? -value.units : value.units;
	const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
	return value.units < 0n ? -rounded : rounded;
}

export function multiply(a: Scaled, b: Scaled): Scaled {
	return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Units of 10^-scale as decimal text with exactly `scale` decimals ('-0.05', '1200'). */
export function formatUnits(units: bigint, scale: number): string {
	const negative = units < 0n;
	const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
	const whole = digits.slice(0, digits.length - scale);
	const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
	return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The exact value as text, trailing zeros after the point dropped ('2.50' -> '2.5', '3.000' -> '3'). */
export function formatScaled(value: Scaled): string {
	let { units, scale } = value;
	while (scale > 0 && units % 10n === 0n) {
		units /= 10n;
		scale -= 1;
	}
	return formatUnits(units, scale);
}

/** a - b, both brought to the finer of their scales. */
export function subtract(a: Scaled, b: Scaled): Scaled {
	const scale = Math.max(a.scale, b.scale);
	return { units: roundTo(a, scale) - roundTo(b, scale), scale };
}
