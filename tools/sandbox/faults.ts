import type { FaultSpec, LimitSpec } from './types';

/** Faults waiting to hit matching requests, each used up after its count. */
export class FaultQueue {
	private faults: Array<FaultSpec & { remaining: number }> = [];

	add(fault: FaultSpec): void {
		this.faults.push({ ...fault, remaining: fault.count ?? 1 });
	}

	clear(): void {
		this.faults = [];
	}

	/** The first fault matching the request, counted as used. */
	take(method: string, path: string): FaultSpec | undefined {
		const index = this.faults.findIndex(
			(f) => (!f.path || f.path === path) && (!f.method || f.method.toUpperCase() === method),
		);
		if (index < 0) return undefined;
		const fault = this.faults[index];
		fault.remaining -= 1;
		if (fault.remaining <= 0) this.faults.splice(index, 1);
		return fault;
	}
}

/** Optional concurrency and rate limits; a request beyond them is answered 429. */
export class Limiter {
	private limits: LimitSpec = {};
	private inFlight = 0;
	private recent: number[] = [];

	constructor(limits: LimitSpec = {}) {
		this.set(limits);
	}

	/** How long an admitted request takes, in milliseconds. */
	get serviceTimeMs(): number {
		return this.limits.serviceTimeMs ?? 0;
	}

	/** Replaces all limits: one left out is lifted. */
	set(limits: LimitSpec): void {
		for (const [name, value] of Object.entries(limits)) {
			if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
				throw new Error(`Limit "${name}" must be a whole number of 0 or more, got ${JSON.stringify(value)}.`);
			}
		}
		this.limits = { ...limits };
		this.recent = [];
	}

	/** Admits a request (then `release` must follow) or says which limit refused it. */
	admit(now: number): string | undefined {
		const { maxConcurrent, maxPerSecond } = this.limits;
		if (maxConcurrent !== undefined && this.inFlight >= maxConcurrent) {
			return `Too many concurrent requests (limit ${maxConcurrent}); retry later.`;
		}
		if (maxPerSecond !== undefined) {
			this.recent = this.recent.filter((t) => now - t < 1000);
			if (this.recent.length >= maxPerSecond) return `Rate limit of ${maxPerSecond} requests per second exceeded; retry later.`;
			this.recent.push(now);
		}
		this.inFlight += 1;
		return undefined;
	}

	release(): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
	}
}
