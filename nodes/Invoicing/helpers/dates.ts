const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time without offset, as n8n's date picker gives it: already in the workflow's time zone. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function isCalendarDate(text: string): boolean {
	const match = DATE_ONLY.exec(text);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
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

interface DateTimeLike {
	toISO(): string | null;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return typeof value === 'object' && value !== null && typeof (value as DateTimeLike).toISO === 'function';
}

/**
 * Turns what a date field or an expression yields into the API's YYYY-MM-DD, in the workflow's time zone:
 * a plain date or a picker value keeps its calendar date; an instant (ISO text with offset, Date, Luxon
 * DateTime) is converted to the time zone first, so 23:30 in Berlin is never sent as the day before.
 * Returns undefined for an empty value and null for one that is not a date.
 */
export function toApiDate(value: unknown, timeZone: string): string | undefined | null {
	if (value === undefined || value === null || value === '') return undefined;
	if (isDateTimeLike(value)) value = value.toISO();
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateInTimeZone(value, timeZone);
	if (typeof value !== 'string') return null;
	const text = value.trim();
	if (DATE_ONLY.test(text)) return isCalendarDate(text) ? text : null;
	const local = LOCAL_DATE_TIME.exec(text);
	if (local) return isCalendarDate(local[1]) ? local[1] : null;
	const instant = new Date(text);
	return Number.isNaN(instant.getTime()) ? null : dateInTimeZone(instant, timeZone);
}

/** Today's date in the workflow's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	return dateInTimeZone(now, timeZone);
}
