/** Amounts in cents, to compare what the service rounds. */
export const cents = (value: unknown) => Math.round(Number(value) * 100);

/** An amount as the service shows it: two decimals. */
export const money = (value: unknown) => (cents(value) / 100).toFixed(2);

/** A service timestamp ("YYYY-MM-DD HH:MM:SS", UTC) within the last `minutes`. */
export function isRecent(timestamp: unknown, minutes: number, now = Date.now()): boolean {
	const at = Date.parse(`${String(timestamp).replace(' ', 'T')}Z`);
	return Number.isFinite(at) && now - at <= minutes * 60_000 && at - now <= 60_000;
}
