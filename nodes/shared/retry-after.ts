/** Headers as n8n's request helper hands them over (lower-case names). */
export type ResponseHeaders = Record<string, unknown> | undefined;

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
	const value = headers?.[name];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' ? first.trim() : typeof first === 'number' ? String(first) : undefined;
}

/**
 * How long a 429 asks to wait, in milliseconds: `Retry-After` as seconds (`120`) or as an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, counted from the answer's own `Date` when it has one, so that the two
 * clocks need not agree). Undefined without the header or when it cannot be read; a date already past is 0.
 */
export function retryAfterMs(headers: ResponseHeaders, now: number = Date.now()): number | undefined {
	const value = headerValue(headers, 'retry-after');
	if (value === undefined || value === '') return undefined;
	if (/^\d+$/.test(value)) return Number(value) * 1000;
	const at = Date.parse(value);
	if (Number.isNaN(at) || !/[a-z]/i.test(value)) return undefined;
	const served = Date.parse(headerValue(headers, 'date') ?? '');
	return Math.max(0, at - (Number.isNaN(served) ? now : served));
}

/** The first wait of the back-off without `Retry-After`; each refusal in a row doubles it, up to the cap. */
export const BACKOFF_FIRST_MS = 250;
export const BACKOFF_CAP_MS = 30_000;

/** The `streak`-th wait in a row (1, 2, ...): doubling from 250 ms up to 30 s, with jitter between half and all of it. */
export function backoffMs(streak: number, random: () => number = Math.random): number {
	const full = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, Math.min(streak - 1, 20)));
	return Math.round(full / 2 + (random() * full) / 2);
}
