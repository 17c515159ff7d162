/**
 * Dates the node accepts, and how each becomes the API's YYYY-MM-DD in the workflow's time zone.
 * Only unambiguous input is read; nothing goes through `new Date(text)` or depends on the process time zone.
 */

/** What the error message tells the user to give instead. */
export const ACCEPTED_DATE_FORMS =
	'a date as YYYY-MM-DD (2026-03-05), an ISO date and time (2026-03-05T10:00, with or without seconds and fraction, T or a space between date and time), ' +
	'the same with an offset (2026-03-05T10:00:00Z, 2026-03-05T10:00:00+01:00), the date picker, or an expression giving a Luxon DateTime ($now, $today) or a JavaScript Date';

const DATE = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME = '(\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?';
const OFFSET = '([Zz]|[+-]\\d{2}(?::?\\d{2})?)';
const DATE_ONLY = new RegExp(`^${DATE}$`);
/** A date and time with or without offset; without one (the date picker's value) it is already in the workflow's zone. */
const DATE_TIME = new RegExp(`^${DATE}[Tt ]${TIME}${OFFSET}?$`);

interface CalendarDate {
	year: number;
	month: number;
	day: number;
}

function calendarDate(year: string, month: string, day: string): CalendarDate | null {
	const date = { year: Number(year), month: Number(month), day: Number(day) };
	const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
	const real = check.getUTCFullYear() === date.year && check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day;
	return real ? date : null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const isoDate = ({ year, month, day }: CalendarDate) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Minutes east of UTC of "Z", "+01:00", "-0530"; null for an offset no zone has (beyond ±18:00). */
function offsetMinutes(offset: string): number | null {
	if (offset === 'Z' || offset === 'z') return 0;
	const digits = offset.slice(1).replace(':', '');
	const hours = Number(digits.slice(0, 2));
	const minutes = Number(digits.slice(2));
	if (minutes > 59 || hours * 60 + minutes > 18 * 60) return null;
	return (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).formatToParts(instant);
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Text in one of the accepted forms as YYYY-MM-DD, or null when it is in none of them. */
function textToApiDate(text: string, timeZone: string): string | null {
	const dateOnly = DATE_ONLY.exec(text);
	if (dateOnly) {
		const date = calendarDate(dateOnly[1], dateOnly[2], dateOnly[3]);
		return date ? isoDate(date) : null;
	}
	const match = DATE_TIME.exec(text);
	if (!match) return null;
	const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
	const date = calendarDate(year, month, day);
	if (!date || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
	if (offset === undefined) return isoDate(date);
	const shift = offsetMinutes(offset);
	if (shift === null) return null;
	const millis = Math.floor(Number(`0.${fraction}`) * 1000);
	const utc = Date.UTC(date.year, date.month - 1, date.day, Number(hour), Number(minute), Number(second), millis) - shift * 60_000;
	return dateInTimeZone(new Date(utc), timeZone);
}

interface DateTimeLike {
	toISO(): string | null;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return typeof value === 'object' && value !== null && typeof (value as DateTimeLike).toISO === 'function';
}

/**
 * Turns what a date field or an expression yields into the API's YYYY-MM-DD, in the workflow's time zone:
 * a plain date or a date and time without offset (the picker's value) keeps its calendar date; an instant
 * (ISO text with offset, Date, Luxon DateTime) is converted to the zone first, so 23:30 in Berlin is never
 * sent as the day before. Returns undefined for an empty value and null for one not in an accepted form.
 */
export function toApiDate(value: unknown, timeZone: string): string | undefined | null {
	if (value === undefined || value === null || value === '') return undefined;
	if (isDateTimeLike(value)) {
		const iso = value.toISO();
		return iso === null ? null : textToApiDate(iso, timeZone);
	}
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateInTimeZone(value, timeZone);
	if (typeof value !== 'string') return null;
	const text = value.trim();
	return text === '' ? undefined : textToApiDate(text, timeZone);
}

/** Today's date in the workflow's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	return dateInTimeZone(now, timeZone);
}
