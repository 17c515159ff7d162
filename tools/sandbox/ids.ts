import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface IdSource {
	/** Long numeric-looking identifier, e.g. "1736935200000017". */
	id(): string;
	/** Short alphanumeric code, e.g. "k3x9qa". */
	shortCode(): string;
	/** Payment reference, e.g. "PAY-3F9A1C". */
	paymentReference(): string;
}

export function createIdSource(deterministic: boolean, sequence: { value: number }): IdSource {
	if (deterministic) {
		return {
			id: () => String(1000000000000000 + ++sequence.value),
			shortCode: () => `sc${String(sequence.value).padStart(4, '0')}`,
			paymentReference: () => `PAY-${String(++sequence.value).padStart(6, '0')}`,
		};
	}
	const randomText = (length: number, alphabet: string) =>
		Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
	return {
		id: () => `${Date.now()}${String(++sequence.value % 1000).padStart(3, '0')}`,
		shortCode: () => randomText(6, ALPHABET),
		paymentReference: () => `PAY-${randomText(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`,
	};
}
