/**
 * Whole numbers written in 64 characters that JSON never escapes, for the trigger's packed state: fixed-width
 * numbers (their width said elsewhere) and self-delimiting ones (5 bits per character, the 6th says "more follows").
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map([...ALPHABET].map((char, value) => [char, value]));

export const DIGIT_VALUES = ALPHABET.length;

export const digit = (value: number): string => ALPHABET[value];

/** A whole number >= 0: a number while it is a safe integer (fast), a bigint beyond. */
export type Whole = number | bigint;

/** How many characters `value` takes at 6 bits each; at least one. */
export function digitCount(value: Whole): number {
	let count = 1;
	if (typeof value === 'number') {
		for (let rest = Math.floor(value / 64); rest > 0; rest = Math.floor(rest / 64)) count += 1;
	} else {
		for (let rest = value >> 6n; rest > 0n; rest >>= 6n) count += 1;
	}
	return count;
}

/** `value` in exactly `width` characters, most significant first. */
export function fixedDigits(value: Whole, width: number): string {
	let text = '';
	if (typeof value === 'number') {
		let small = value;
		for (let index = 0; index < width; index += 1) {
			text = ALPHABET[small % 64] + text;
			small = Math.floor(small / 64);
		}
		return text;
	}
	let rest = value;
	for (let index = 0; index < width; index += 1) {
		text = ALPHABET[Number(rest & 63n)] + text;
		rest >>= 6n;
	}
	return text;
}

/** `value` in 5-bit groups, least significant first; every character but the last carries 32. */
export function varDigits(value: Whole): string {
	let text = '';
	let rest = BigInt(value);
	while (rest >= 32n) {
		text += ALPHABET[Number(rest & 31n) + 32];
		rest >>= 5n;
	}
	return text + ALPHABET[Number(rest)];
}

/** Reads numbers back from a packed text, left to right; any character out of place throws. */
export class DigitReader {
	private position = 0;

	constructor(private readonly text: string) {}

	get done(): boolean {
		return this.position >= this.text.length;
	}

	next(): number {
		const value = VALUE_OF.get(this.text[this.position]);
		if (value === undefined) throw new Error(`unreadable character at ${this.position}`);
		this.position += 1;
		return value;
	}

	/** A fixed-width number of up to 8 characters (48 bits: always a safe integer). */
	fixed(width: number): number {
		let value = 0;
		for (let index = 0; index < width; index += 1) value = value * 64 + this.next();
		return value;
	}

	variable(): bigint {
		let value = 0n;
		for (let shift = 0n; ; shift += 5n) {
			const group = this.next();
			value |= BigInt(group & 31) << shift;
			if (group < 32) return value;
		}
	}
}
