import { sleep } from 'n8n-workflow';

import { backoffMs } from './retry-after';

/** One request let through the gate; `settle` tells the gate its outcome once it has its answer. */
export interface Pass {
	sentAt: number;
	/** False when the item's wait ran out before its turn came (it was refused before: fail with that refusal). */
	admitted: boolean;
	/** The run's requests in flight when this one was sent. */
	inFlightAtSend: number;
	outcome?: 'answered' | 'refused' | 'failed';
	/** A refusal's `Retry-After`, in ms (undefined: the service did not say). */
	askedMs?: number;
}

interface Waiter {
	order: number;
	deadline: number;
	/** The item was refused before: past its deadline it fails rather than sends. */
	refused: boolean;
	resolve: (pass: Pass) => void;
}

/** How often a gate with waiters looks at their deadlines at the least (it holds no longer timer). */
const LONGEST_NAP_MS = 1_000;

/**
 * Requests of a run in flight at once before the service has answered any: each answer lets one more go
 * (the window doubles per round trip), so a service without limits soon has every item, and one with limits
 * refuses a few dozen rather than every item of a large run.
 */
const INITIAL_WINDOW = 64;
/** Above the concurrency the service last refused, the window grows this many times slower. */
const PROBE_SLOWER = 8;
/** How far back the gate counts answers to learn a rate, and how far below it the sends are spaced. */
const RATE_MEMORY_MS = 60_000;
const RATE_MARGIN = 1.1;
/** Sends a late timer may catch up at once once sends are spaced. */
const CATCH_UP = 3;

/**
 * The requests of one node run (n8n's engine starts every item's at once): let through in item order, as many
 * at a time as the service admits (64 before it answered any, one more per answer until it refuses one), and
 * all held while the service asked to wait after a 429 (`Retry-After`) or, without the header, for a back-off
 * that grows with each refusal in a row.
 *
 * How many at a time (the window) is learnt: a refusal without a wait to honour (no `Retry-After`, or 0: the
 * service is full now) halves it, to at most the requests that were in flight when the refused one was sent
 * (the level it then grows back to by one per answer; beyond it slowly, to find a limit that was raised or a
 * slot another client freed). A refusal that asks for seconds is a rate limit: the pause honours it, and from
 * then on sends are spaced to a tenth below what the service answered over that time. A refusal of a request
 * sent before the last refusal changes nothing but the pause (it says nothing new).
 */
export class RateGate {
	private window = INITIAL_WINDOW;
	private ceiling = Infinity;
	private inFlight = 0;
	private pausedUntil = 0;
	private lastRefusalAt = 0;
	private streak = 0;
	/** Time between two sends once the service named a rate limit (0: none learnt). */
	private spacingMs = 0;
	private nextSendAt = 0;
	/** When the answered requests of the last minute were sent. */
	private answeredSends: number[] = [];
	private waiting: Waiter[] = [];
	private wakeAt = Infinity;

	constructor(private readonly random: () => number = Math.random) {}

	/** Waits for this request's turn (item `order` first) until `deadline`; a refused item past it gets `admitted: false`. */
	async enter(order: number, deadline: number, refused: boolean): Promise<Pass> {
		if (this.waiting.length === 0 && this.mayGo(Date.now())) return this.admit();
		return await new Promise<Pass>((resolve) => {
			let at = this.waiting.length;
			while (at > 0 && this.waiting[at - 1].order > order) at--;
			this.waiting.splice(at, 0, { order, deadline, refused, resolve });
			this.drain();
		});
	}

	/**
	 * The request's outcome, once: answered (any status but 429), refused with 429 asking to wait `askedMs`
	 * (undefined: it did not say), or failed without an answer. A later call for the same pass changes nothing.
	 */
	settle(pass: Pass, outcome: NonNullable<Pass['outcome']>, askedMs?: number): void {
		if (!pass.admitted || pass.outcome) return;
		pass.outcome = outcome;
		pass.askedMs = askedMs;
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (outcome === 'refused') this.refused(pass, askedMs);
		else if (outcome === 'answered') this.grow(pass);
		this.drain();
	}

	private grow(pass: Pass): void {
		this.answeredSends.push(pass.sentAt);
		while (this.answeredSends[0] < pass.sentAt - RATE_MEMORY_MS) this.answeredSends.shift();
		this.streak = 0;
		this.window += this.window < this.ceiling ? 1 : 1 / (this.window * PROBE_SLOWER);
	}

	private refused(pass: Pass, askedMs: number | undefined): void {
		const now = Date.now();
		const fresh = pass.sentAt >= this.lastRefusalAt;
		if (fresh) {
			if (askedMs && askedMs >= 1000) this.learnRate(now, askedMs);
			else {
				this.window = Math.max(1, Math.min(this.window / 2, pass.inFlightAtSend));
				this.ceiling = Math.max(1, pass.inFlightAtSend);
			}
			this.lastRefusalAt = now;
			this.streak += 1;
		}
		// Retry-After: 0 (a slot frees at once) twice in a row without an answer between: back off all the same
		const pause = askedMs !== undefined && (askedMs > 0 || this.streak < 2) ? askedMs : fresh ? backoffMs(this.streak, this.random) : 0;
		this.pausedUntil = Math.max(this.pausedUntil, now + pause);
	}

	/**
	 * A refusal that asks for seconds names a rate: what the service answered over that time (the requests of the
	 * run sent within it) is what it admits; from now on the sends are spaced to a tenth below that.
	 */
	private learnRate(now: number, askedMs: number): void {
		const span = Math.min(askedMs, RATE_MEMORY_MS);
		const admitted = this.answeredSends.filter((at) => at > now - span).length;
		if (admitted > 0) this.spacingMs = (span / admitted) * RATE_MARGIN;
	}

	private admit(): Pass {
		const pass = { sentAt: Date.now(), admitted: true, inFlightAtSend: this.inFlight };
		this.inFlight += 1;
		return pass;
	}

	private mayGo(now: number): boolean {
		return now >= this.pausedUntil && now >= this.nextSendAt && this.inFlight < Math.floor(this.window);
	}

	private drain(): void {
		const now = Date.now();
		// an item whose wait is over leaves: refused before, it fails; never sent, it goes once regardless
		this.waiting = this.waiting.filter((waiter) => {
			const over = now >= waiter.deadline || (waiter.refused && this.pausedUntil > waiter.deadline);
			if (over) waiter.resolve(waiter.refused ? { sentAt: now, admitted: false, inFlightAtSend: this.inFlight } : this.admit());
			return !over;
		});
		while (this.waiting.length > 0 && this.mayGo(now)) {
			(this.waiting.shift() as Waiter).resolve(this.admit());
			// a late timer may catch up a few sends, never more
			if (this.spacingMs > 0) this.nextSendAt = Math.max(this.nextSendAt, now - this.spacingMs * CATCH_UP) + this.spacingMs;
		}
		this.wake(now);
	}

	/** Looks again when the pause ends or a deadline comes (at least every second) while anyone waits. */
	private wake(now: number): void {
		if (this.waiting.length === 0) return;
		const deadline = this.waiting.reduce((earliest, waiter) => Math.min(earliest, waiter.deadline), Infinity);
		const held = Math.max(this.pausedUntil, this.nextSendAt);
		const next = Math.min(now + LONGEST_NAP_MS, deadline, held > now ? held : Infinity);
		if (this.wakeAt <= next && this.wakeAt > now) return;
		this.wakeAt = next;
		void sleep(Math.max(0, next - now)).then(() => {
			if (this.wakeAt === next) this.wakeAt = Infinity;
			this.drain();
		});
	}
}

/** What one request's stay at the gate cost: the refusals, and the time from its first send to its last answer. */
export interface RateLimitWait {
	refusals: number;
	waitedMs: number;
}

/**
 * Sends through the gate and sends again while the service refuses with 429, for at most `budgetMs` from the
 * first send: then the last refusal is the result (at once when the service asks for a longer wait than is
 * left). `send` settles its pass as soon as the answer is in (before any further request of its own, which
 * takes a pass of its own); a pass it left unsettled counts as answered, or as failed when `send` threw. A 429
 * applied nothing, so sending again never writes twice.
 */
export async function sendThroughGate<T>(gate: RateGate, order: number, budgetMs: number, send: (pass: Pass) => Promise<T>): Promise<{ result: T; wait?: RateLimitWait }> {
	const start = Date.now();
	const deadline = start + budgetMs;
	let refusals = 0;
	let lastRefusal: T | undefined;
	const waited = () => ({ refusals, waitedMs: Date.now() - start });
	for (;;) {
		const pass = await gate.enter(order, deadline, refusals > 0);
		if (!pass.admitted) return { result: lastRefusal as T, wait: waited() };
		let result: T | undefined;
		let sent = false;
		try {
			result = await send(pass);
			sent = true;
		} finally {
			gate.settle(pass, sent ? 'answered' : 'failed');
		}
		if (pass.outcome !== 'refused') return { result: result as T, ...(refusals > 0 ? { wait: waited() } : {}) };
		refusals += 1;
		lastRefusal = result;
		if (Date.now() + (pass.askedMs ?? 0) >= deadline) return { result: result as T, wait: waited() };
	}
}
