const FIXED_NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

export interface Clock {
	now(): Date;
	/** "YYYY-MM-DD HH:MM:SS" in UTC. */
	timestamp(): string;
	/** "YYYY-MM-DD" in UTC. */
	today(): string;
}

export function formatTimestamp(date: Date): string {
	return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function createClock(deterministic: boolean): Clock {
	const now = () => (deterministic ? new Date(FIXED_NOW) : new Date());
	return {
		now,
		timestamp: () => formatTimestamp(now()),
		today: () => now().toISOString().slice(0, 10),
	};
}

/** Adds whole days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
	const d = new Date(`${date}T00:00:00Z`);
	d.setUTCDate(d.getUTCDate() + days);
	return d.toISOString().slice(0, 10);
}
