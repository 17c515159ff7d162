import { DigitReader, digit, digitCount, fixedDigits, varDigits, type Whole } from './digits';
import { packMark, unpackMark, type MarkKind, type PackedMark } from './fingerprint';

/** Record id -> fingerprint of what the events depend on (see fingerprint.ts). */
export type SeenRecords = Record<string, string>;

/**
 * One resource's records, packed: the ids the service gives (decimal numbers) in ascending order, each written
 * as its distance from the one before, with its fingerprint. Exact, not hashed: unpacking gives back every id and
 * fingerprint character for character, so no change can go unseen. Ids that are not plain decimal numbers and
 * fingerprints without a mark number stay as they are, in `other`.
 */
export interface PackedRecords {
	packed: string;
	other: SeenRecords;
}

const MARKS = 3;
/** Widths (in characters) of the cents a short entry can carry: none, or below 2^18 or 2^24 cents (167,772.16). */
const CENTS_WIDTHS = [0, 3, 4];
/** Up to 2^36 between two ids: ids made of milliseconds and a 3-digit counter, created up to 19 hours apart. */
const MAX_ID_WIDTH = 6;
/** Entries whose numbers do not fit a short entry: one character per mark, then both numbers self-delimited. */
const LONG_ENTRY = MARKS * CENTS_WIDTHS.length * MAX_ID_WIDTH;

const isDecimalId = (id: string): boolean => /^(0|[1-9]\d*)$/.test(id);
const byNumber = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** A decimal id as a number while that is exact, else as a bigint. */
function wholeOf(id: string): Whole {
	const value = Number(id);
	return Number.isSafeInteger(value) ? value : BigInt(id);
}

/** `after - before - 1` or `before + gap + 1`, in numbers while they stay exact. */
function gapBetween(before: Whole, after: Whole): Whole {
	return typeof before === 'number' && typeof after === 'number' ? after - before - 1 : BigInt(after) - BigInt(before) - 1n;
}
function afterGap(before: Whole, gap: Whole): Whole {
	if (typeof before === 'number' && typeof gap === 'number' && Number.isSafeInteger(before + gap + 1)) return before + gap + 1;
	return BigInt(before) + BigInt(gap) + 1n;
}

function centsCode(cents: number): number | undefined {
	if (cents === 0) return 0;
	const width = digitCount(cents);
	return CENTS_WIDTHS.findIndex((allowed, code) => code > 0 && width <= allowed);
}

/**
 * An entry: one character for mark and widths, then the id's distance from the previous id (minus one, so that
 * consecutive ids cost one character), then the cents.
 */
function entry(mark: number, gap: Whole, cents: number): string {
	const idWidth = digitCount(gap);
	const code = centsCode(cents);
	if (idWidth > MAX_ID_WIDTH || code === undefined || code < 0) return digit(LONG_ENTRY + mark) + varDigits(gap) + varDigits(cents);
	const header = mark + MARKS * (code + CENTS_WIDTHS.length * (idWidth - 1));
	return digit(header) + fixedDigits(gap, idWidth) + fixedDigits(cents, CENTS_WIDTHS[code]);
}

export function packRecords(kind: MarkKind, seen: SeenRecords): PackedRecords {
	const other: SeenRecords = {};
	const packable: Array<[string, PackedMark]> = [];
	for (const [id, fingerprint] of Object.entries(seen)) {
		const mark = isDecimalId(id) ? packMark(kind, fingerprint) : undefined;
		if (mark) packable.push([id, mark]);
		else other[id] = fingerprint;
	}
	let packed = '';
	let previous: Whole = -1;
	for (const [id, { mark, cents }] of packable.sort(([a], [b]) => byNumber(a, b))) {
		const value = wholeOf(id);
		packed += entry(mark, gapBetween(previous, value), cents);
		previous = value;
	}
	return { packed, other };
}

/** The records back, exactly as packed; throws on a text packRecords cannot have written. */
export function unpackRecords(kind: MarkKind, { packed, other }: PackedRecords): SeenRecords {
	const seen: SeenRecords = {};
	const reader = new DigitReader(packed);
	let previous: Whole = -1;
	while (!reader.done) {
		const header = reader.next();
		const mark = header % MARKS;
		let gap: Whole;
		let cents: Whole;
		if (header >= LONG_ENTRY) {
			if (header >= LONG_ENTRY + MARKS) throw new Error(`unknown entry ${header}`);
			gap = reader.variable();
			cents = reader.variable();
		} else {
			const code = Math.floor(header / MARKS) % CENTS_WIDTHS.length;
			gap = reader.fixed(Math.floor(header / (MARKS * CENTS_WIDTHS.length)) + 1);
			cents = reader.fixed(CENTS_WIDTHS[code]);
		}
		previous = afterGap(previous, gap);
		const fingerprint = unpackMark(kind, { mark, cents: Number(cents) });
		if (fingerprint === undefined) throw new Error(`mark ${mark} with ${cents} cents is not a ${kind} fingerprint`);
		seen[String(previous)] = fingerprint;
	}
	for (const [id, fingerprint] of Object.entries(other)) {
		if (Object.hasOwn(seen, id) || typeof fingerprint !== 'string') throw new Error(`record ${id} is packed twice`);
		seen[id] = fingerprint;
	}
	return seen;
}
