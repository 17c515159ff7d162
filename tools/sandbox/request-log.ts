import type { RecordedRequest } from './types';

const CAPACITY = 1000;

/** The last requests received, oldest first, bounded so a long run does not grow without end. */
export class RequestLog {
	private entries: RecordedRequest[] = [];
	private perPath = new Map<string, number>();

	add(entry: RecordedRequest): void {
		this.entries.push(entry);
		this.perPath.set(entry.path, this.seen(entry.path) + 1);
		if (this.entries.length > CAPACITY * 2) this.entries = this.entries.slice(-CAPACITY);
	}

	all(): RecordedRequest[] {
		return this.entries.slice(-CAPACITY);
	}

	/** How many requests to this path were received since the log was last cleared (never bounded). */
	seen(path: string): number {
		return this.perPath.get(path) ?? 0;
	}

	clear(): void {
		this.entries = [];
		this.perPath.clear();
	}
}

/** Masks secrets: keeps the scheme of an Authorization value ("Bearer ***"), hides the rest. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>, apiKey?: string): Record<string, string> {
	const masked: Record<string, string> = {};
	for (const [name, raw] of Object.entries(headers)) {
		if (raw === undefined) continue;
		const value = Array.isArray(raw) ? raw.join(', ') : raw;
		const secret = name === 'authorization' || name === 'x-api-key' || (apiKey !== undefined && value.includes(apiKey));
		if (!secret) masked[name] = value;
		else masked[name] = /^\S+\s+\S/.test(value) ? `${value.split(/\s+/)[0]} ***` : '***';
	}
	return masked;
}
