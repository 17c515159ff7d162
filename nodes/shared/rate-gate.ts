import { pause } from './timers';
import { backoffMs } from './retry-after';

/*
 * The rate gate: the requests of one node (n8n's engine starts every item's at once) pass here, and every 429 of
 * the package is answered here, through `sendThroughGate` (see rate-limit.ts for who shares a gate).
 *
 * State
 *   inFlight     requests sent and not yet settled
 *   window       how many may be in flight at once; 64 before any answer
 *   ceiling      what was in flight when the service last said it was full (Infinity until it does)
 *   pausedUntil  nothing is sent before this time; askedMs: the wait the service named for it (undefined: back-off)
 *   spacingMs    least time between two sends once the service named a rate (0: none); nextSendAt follows from it
 *   streak       refusals in a row without an answer between (the back-off's exponent)
 *   queue        requests waiting for their turn: earliest deadline first, then item order
 *
 * Transitions (test/unit/rate-gate.test.ts has a test named after each)
 *   GO        the first in the queue is sent when the gate is not paused, its spacing has passed and
 *             inFlight < window.
 *   ANSWERED  any answer but 429: inFlight - 1, streak = 0, window + 1 (above the ceiling 8 times slower, to find a
 *             limit that was raised or a slot another client freed).
 *   FULL      429 naming no wait of 1 s or more (no Retry-After, an unreadable one, 0, or under a second): the window
 *             halves, to at most what was in flight when the refused request was sent, and that is the ceiling;
 *             pause: the wait named, or none for the first "0" in a row, else the back-off (0.25 s doubling to 30 s).
 *   RATE      429 naming a wait of 1 s or more: pause for it; from then on sends are spaced 10% below what the
 *             service answered over that wait.
 *   STALE     429 of a request sent before the last refusal (it says nothing new): the pause is extended only.
 *   TOO_LONG  a request whose deadline comes before the pause ends leaves at once, unsent, naming the wait:
 *             nothing is sent inside a pause, and nobody sits out a pause it cannot outlast.
 *   LATE      a request never sent, held only by the window or the spacing when its deadline comes, is sent once
 *             all the same; one refused before leaves (its refusal is its result).
 * Every request settles: answered, refused or failed (no answer); a pass settles once, later calls change nothing.
 */

/** One request let through the gate; `settle` tells the gate its outcome once it has its answer. */
export interface Pass {
	sentAt: number;
	/** The requests in flight when this one was sent. */
	inFlightAtSend: number;
	outcome?: 'answered' | 'refused' | 'failed';
	/** A refusal's `Retry-After`, in ms (undefined: the service did not say, or not readably). */
	askedMs?: number;
}

/** A request that left the gate unsent: the pause outlasts its deadline (TOO_LONG), or it was refused before (LATE). */
export interface TurnedAway {
	turnedAway: true;
	/** The wait the service named for the pause (undefined: the node's own back-off). */
	askedMs?: number;
}

export type Entry = { pass: Pass } | TurnedAway;

interface Waiter {
	order: number;
	deadline: number;
	/** Refused before: at its deadline it leaves rather than being sent. */
	refused: boolean;
	resolve: (entry: Entry) => void;
}

const INITIAL_WINDOW = 64;
/** Above the ceiling, the window grows this many times slower. */
const PROBE_SLOWER = 8;
/** How far back the gate counts answers to learn a rate, and how far below it the sends are spaced. */
const RATE_MEMORY_MS = 60_000;
const RATE_MARGIN = 1.1;
/** Sends a late timer may catch up at once once sends are spaced. */
const CATCH_UP = 3;

export class RateGate {
	private inFlight = 0;
	private window = INITIAL_WINDOW;
	private ceiling = Infinity;
	private pausedUntil = 0;
	private askedMs: number | undefined;
	private spacingMs = 0;
	private nextSendAt = 0;
	private streak = 0;
	private queue: Waiter[] = [];
	/** When the last fresh refusal came (a refusal of a request sent before it is STALE). */
	private lastRefusalAt = 0;
	/** When the answered requests of the last minute were sent (RATE learns from them). */
	private answeredSends: number[] = [];
	private wakeAt = Infinity;

	constructor(private readonly random: () => number = Math.random) {}

	/** Waits for this request's turn until `deadline`: a pass, or turned away unsent (TOO_LONG, or LATE after a refusal). */
	async enter(order: number, deadline: number, refused: boolean): Promise<Entry> {
		return await new Promise<Entry>((resolve) => {
			let at = this.queue.length;
			while (at > 0 && (this.queue[at - 1].deadline > deadline || (this.queue[at - 1].deadline === deadline && this.queue[at - 1].order > order))) at--;
			this.queue.splice(at, 0, { order, deadline, refused, resolve });
			this.drain();
		});
	}

	/** The request's outcome: answered (any status but 429), refused with 429 naming `askedMs` (or not), failed without an answer. */
	settle(pass: Pass, outcome: NonNullable<Pass['outcome']>, askedMs?: number): void {
		if (pass.outcome) return;
		pass.outcome = outcome;
		pass.askedMs = askedMs;
		this.inFlight = Math.max(0, this.inFlight - 1);
		const now = Date.now();
		if (outcome === 'answered') this.answered(pass);
		else if (outcome === 'refused') this.refused(pass, askedMs, now);
		this.drain();
	}

	/** ANSWERED */
	private answered(pass: Pass): void {
		this.answeredSends.push(pass.sentAt);
		while (this.answeredSends[0] < pass.sentAt - RATE_MEMORY_MS) this.answeredSends.shift();
		this.streak = 0;
		this.window += this.window < this.ceiling ? 1 : 1 / (this.window * PROBE_SLOWER);
	}

	/** FULL, RATE or STALE */
	private refused(pass: Pass, askedMs: number | undefined, now: number): void {
		if (pass.sentAt < this.lastRefusalAt) return this.pause(now, askedMs ?? 0, askedMs);
		this.lastRefusalAt = now;
		this.streak += 1;
		if (askedMs !== undefined && askedMs >= 1_000) {
			this.learnRate(now, askedMs);
			return this.pause(now, askedMs, askedMs);
		}
		this.window = Math.max(1, Math.min(this.window / 2, pass.inFlightAtSend));
		this.ceiling = Math.max(1, pass.inFlightAtSend);
		// Retry-After: 0 (a slot frees at once) twice in a row without an answer between: back off all the same
		if (askedMs !== undefined && (askedMs > 0 || this.streak < 2)) return this.pause(now, askedMs, askedMs);
		this.pause(now, backoffMs(this.streak, this.random), undefined);
	}

	private pause(now: number, ms: number, askedMs: number | undefined): void {
		if (now + ms <= this.pausedUntil) return;
		this.pausedUntil = now + ms;
		this.askedMs = askedMs;
	}

	/** RATE: what the service answered over the wait it named (this gate's sends within it) is the rate it admits. */
	private learnRate(now: number, askedMs: number): void {
		const span = Math.min(askedMs, RATE_MEMORY_MS);
		const admitted = this.answeredSends.filter((at) => at > now - span).length;
		if (admitted > 0) this.spacingMs = (span / admitted) * RATE_MARGIN;
	}

	private admit(now: number): Entry {
		const pass = { sentAt: now, inFlightAtSend: this.inFlight };
		this.inFlight += 1;
		return { pass };
	}

	private mayGo(now: number): boolean {
		return now >= this.pausedUntil && now >= this.nextSendAt && this.inFlight < Math.floor(this.window);
	}

	private drain(): void {
		const now = Date.now();
		const paused = this.pausedUntil > now;
		this.queue = this.queue.filter((waiter) => {
			if (paused && this.pausedUntil > waiter.deadline) waiter.resolve({ turnedAway: true, askedMs: this.askedMs }); // TOO_LONG
			else if (now >= waiter.deadline) waiter.resolve(waiter.refused ? { turnedAway: true, askedMs: this.askedMs } : this.admit(now)); // LATE
			else return true;
			return false;
		});
		// GO; a late timer may catch up a few spaced sends, never more
		while (this.queue.length > 0 && this.mayGo(now)) {
			(this.queue.shift() as Waiter).resolve(this.admit(now));
			if (this.spacingMs > 0) this.nextSendAt = Math.max(this.nextSendAt, now - this.spacingMs * CATCH_UP) + this.spacingMs;
		}
		this.wake(now);
	}

	/** Looks again when the pause ends, the next spaced send is due, or the earliest deadline comes. */
	private wake(now: number): void {
		if (this.queue.length === 0) return;
		const held = Math.max(this.pausedUntil, this.nextSendAt);
		const next = Math.min(this.queue[0].deadline, held > now ? held : Infinity);
		if (next === Infinity || (this.wakeAt <= next && this.wakeAt > now)) return;
		this.wakeAt = next;
		void pause(next - now).then(() => {
			if (this.wakeAt === next) this.wakeAt = Infinity;
			this.drain();
		});
	}
}

/** What one request's stay at the gate cost: the refusals, the time from its first try, and a wait it would not sit out. */
export interface RateLimitWait {
	refusals: number;
	waitedMs: number;
	/** The wait the service named that outlasted the node's (undefined: none, or the service named none). */
	askedMs?: number;
}

/** The answer (or the last 429, when the node would wait no longer), or nothing sent at all. */
export type GateResult<T> = { sent: true; result: T; wait?: RateLimitWait } | { sent: false; wait: RateLimitWait };

/**
 * Sends through the gate and sends again while the service refuses with 429, for at most `budgetMs` from the
 * first try: then the last refusal is the result (at once when the service names a longer wait than is left).
 * `send` settles its pass as soon as the answer is in (before any further request of its own, which takes a pass
 * of its own); a pass it left unsettled counts as answered, or as failed when `send` threw. A 429 applied nothing,
 * so sending again never writes twice.
 */
export async function sendThroughGate<T>(gate: RateGate, order: number, budgetMs: number, send: (pass: Pass) => Promise<T>): Promise<GateResult<T>> {
	const start = Date.now();
	const deadline = start + budgetMs;
	let refusals = 0;
	let lastRefusal: T | undefined;
	const waited = (askedMs?: number): RateLimitWait => ({ refusals, waitedMs: Date.now() - start, ...(askedMs !== undefined ? { askedMs } : {}) });
	for (;;) {
		const entry = await gate.enter(order, deadline, refusals > 0);
		if ('turnedAway' in entry) {
			return refusals > 0 ? { sent: true, result: lastRefusal as T, wait: waited(entry.askedMs) } : { sent: false, wait: waited(entry.askedMs) };
		}
		const { pass } = entry;
		let result: T | undefined;
		let answered = false;
		try {
			result = await send(pass);
			answered = true;
		} finally {
			gate.settle(pass, answered ? 'answered' : 'failed');
		}
		if (pass.outcome !== 'refused') return { sent: true, result: result as T, ...(refusals > 0 ? { wait: waited() } : {}) };
		refusals += 1;
		lastRefusal = result;
		if (Date.now() + (pass.askedMs ?? 0) >= deadline) return { sent: true, result: result as T, wait: waited(pass.askedMs) };
	}
}
