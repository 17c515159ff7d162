/** Headers as n8n's request helper hands them over (lower-case names). */
export type ResponseHeaders = Record<string, unknown> | undefined;

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
	const value = headers?.[name];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' ? first.trim() : typeof first === 'number' ? String(first) : undefined;
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** The three forms of an HTTP date (RFC 9110 5.6.7); asctime's has no zone and means GMT. */
const HTTP_DATES: ReadonlyArray<{ form: RegExp; zone: string }> = [
	{ form: new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`), zone: '' },
	{ form: new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`), zone: '' },
	{ form: new RegExp(`^${DAY} ${MONTH} (?: \\d|\\d{2}) ${TIME} \\d{4}$`), zone: ' GMT' },
];

/** An HTTP date in ms since the epoch; undefined for anything else (`a 1` or `Mon 5` is no date, whatever Date.parse makes of it). */
export function httpDateMs(value: string | undefined): number | undefined {
	const found = value === undefined ? undefined : HTTP_DATES.find(({ form }) => form.test(value));
	if (!found) return undefined;
	const at = Date.parse(`${value as string}${found.zone}`);
	return Number.isNaN(at) ? undefined : at;
}

/**
 * How long a 429 asks to wait, in milliseconds: `Retry-After` as seconds (`120`) or as an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, counted from the answer's own `Date` when it has one, so that the two
 * clocks need not agree). Undefined without the header or when it is neither (the node then backs off on its
 * own); a date already past is 0.
 */
export function retryAfterMs(headers: ResponseHeaders, now: number = Date.now()): number | undefined {
	const value = headerValue(headers, 'retry-after');
	if (value === undefined || value === '') return undefined;
	if (/^\d+$/.test(value)) return Number(value) * 1000;
	const at = httpDateMs(value);
	if (at === undefined) return undefined;
	return Math.max(0, at - (httpDateMs(headerValue(headers, 'date')) ?? now));
}

/** The first wait of the back-off without `Retry-After`; each refusal in a row doubles it, up to the cap. */
export const BACKOFF_FIRST_MS = 250;
export const BACKOFF_CAP_MS = 30_000;

/** The `streak`-th wait in a row (1, 2, ...): doubling from 250 ms up to 30 s, with jitter between half and all of it. */
export function backoffMs(streak: number, random: () => number = Math.random): number {
	const full = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, Math.min(streak - 1, 20)));
	return Math.round(full / 2 + (random() * full) / 2);
}
