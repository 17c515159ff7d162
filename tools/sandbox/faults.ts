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

/** A request refused by a limit: the message, and the whole seconds to send with `Retry-After`. */
export interface Refusal {
	message: string;
	retryAfterSeconds: number;
}

/**
 * Optional concurrency and rate limits; a request beyond them is answered 429 with `Retry-After`, as honest as
 * whole seconds allow. Per second: the window admits again when its oldest request is a second old, rounded
 * up (sending sooner is refused for certain). Concurrency: a slot frees when the oldest request in flight ends,
 * after the service time; rounded down, as most service times are well under a second (0: try again at once).
 */
export class Limiter {
	private limits: LimitSpec = {};
	private inFlight: number[] = [];
	private recent: number[] = [];

	constructor(limits: LimitSpec = {}) {
		this.set(limits);
	}

	/** How long an admitted request takes, in milliseconds. */
	get serviceTimeMs(): number {
		return this.limits.serviceTimeMs ?? 0;
	}

	/** Whether lists answer newest first. */
	get newestFirst(): boolean {
		return this.limits.listOrder === 'newestFirst';
	}

	/** Replaces all limits: one left out is lifted. */
	set(limits: LimitSpec): void {
		if (limits.listOrder !== undefined && limits.listOrder !== 'stored' && limits.listOrder !== 'newestFirst') {
			throw new Error(`"listOrder" must be "stored" or "newestFirst", got ${JSON.stringify(limits.listOrder)}.`);
		}
		for (const [name, value] of Object.entries(limits)) {
			if (name === 'listOrder') continue;
			if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
				throw new Error(`Limit "${name}" must be a whole number of 0 or more, got ${JSON.stringify(value)}.`);
			}
		}
		this.limits = { ...limits };
		this.recent = [];
	}

	/** Admits a request (then `release` must follow) or says which limit refused it and when to come back. */
	admit(now: number): Refusal | undefined {
		const { maxConcurrent, maxPerSecond } = this.limits;
		if (maxConcurrent !== undefined && this.inFlight.length >= maxConcurrent) {
			const freesInMs = Math.max(0, this.serviceTimeMs - (now - this.inFlight[0]));
			return { message: `Too many concurrent requests (limit ${maxConcurrent}); retry later.`, retryAfterSeconds: Math.floor(freesInMs / 1000) };
		}
		if (maxPerSecond !== undefined) {
			this.recent = this.recent.filter((t) => now - t < 1000);
			if (this.recent.length >= maxPerSecond) {
				const freesInMs = this.recent.length > 0 ? this.recent[0] + 1000 - now : 0;
				return { message: `Rate limit of ${maxPerSecond} requests per second exceeded; retry later.`, retryAfterSeconds: Math.ceil(freesInMs / 1000) };
			}
			this.recent.push(now);
		}
		this.inFlight.push(now);
		return undefined;
	}

	/** One request in flight ended (every request takes the same service time: the oldest one). */
	release(): void {
		this.inFlight.shift();
	}
}
