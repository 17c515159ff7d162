import type { IDataObject } from 'n8n-workflow';

import { settlesWithin } from '../../../../shared/timers';
import type { Content } from '../keys/content-match';

/** How long a record this process numbered is remembered for the runs that read their list before it was stored. */
const REMEMBERED_MS = 15 * 60_000;

/** Past this many remembered records the oldest go first (a run of this process never numbers more at once). */
const MOST_REMEMBERED = 20_000;

/** Documents whose clash outlasted a wait, kept so later runs do not wait on them again (forgotten: one more wait). */
const MOST_LASTING_CLASHES = 1_000;

const NO_HOLDER = (): string => 'a run that is over';

/** A run that takes the lane: what it does in its turn, and what it does when the run before it overran its hold. */
export interface LaneRun {
	/** Decides the run's rows (called once the runs before it are over). */
	decide: () => void;
	/** Resolves once the run lets the lane go on. */
	over: Promise<void>;
	/** The run before it is still in past its longest hold: the run's rows fail, sending nothing. */
	refuse: (waitedMs: number, holder: string) => void;
	/** The longest this run can legitimately hold the lane (hold-limit). */
	longestHoldMs: number;
	/** What the run does, for a later run that gives up on it (its first row's failure label). */
	describe: () => string;
}

/**
 * The runs of one number sequence (service, kind, prefix, digits) in this n8n process, one after another: a run
 * decides its rows only once the run before it has every write answered, and it sees the records that run made
 * even when its own list was read before they were stored. So runs at once in one process never give a number
 * twice, twins (the same rows in two executions at once) find each other's documents, and an estimate invoiced
 * by one run is found by the next. Across processes the look after the writes (number-check) does the rest.
 */
export class SequenceLane {
	private last: Promise<void> = Promise.resolve();
	/** When the last run that took the lane is over at the latest, and what it does. */
	private lastDeadline = 0;
	private lastHolder: () => string = NO_HOLDER;
	/** Runs that joined the lane (laneOf) and are not over yet; of them, those that have not decided yet. */
	private runs = 0;
	private undecided = 0;
	/** When a run last joined or left: an idle lane is forgotten after a while (sequence-lanes). */
	usedAt = Date.now();
	private readonly recent: Array<{ record: IDataObject; at: number }> = [];
	/** Writes of the lane's runs that got no answer: when each failed, until when it may still land, and what it makes. */
	private unanswered: Unanswered[] = [];
	/** Documents whose number clash outlasted a run's wait for it to converge (SequenceDocuments.readUntilConverged). */
	readonly lastingClashes = new BoundedSet(MOST_LASTING_CLASHES);
	/** The last list a run read after its writes, and when that read started. */
	private lastList?: { list: IDataObject[]; at: number };

	/**
	 * The list a run read once its writes had their answers (the read started at `at`). Kept only while a run that
	 * joined the lane has not decided yet: a run that joins later began after the read and is never served it.
	 */
	noteList(list: IDataObject[], at: number): void {
		this.lastList = this.undecided > 0 ? { list, at } : undefined;
	}

	/**
	 * The last run's list when its read started at `since` or later (a copy): for a run that began at `since`, it
	 * is the list that run's own read would have given or a fresher one (runs at once read one list
	 * each). Older lists serve nothing: what a list cached across runs would miss (a delete, another writer, a
	 * book restored) is never guessed. A list serves the one run after its reader only: the runs after that one
	 * may come seconds later (its wait for a clash to converge), and a list served on missed what another process
	 * made meanwhile, so a batch numbered over its twin's documents.
	 */
	servedList(since: number): { list: IDataObject[]; at: number } | undefined {
		const last = this.lastList;
		this.lastList = undefined;
		return last && last.at >= since ? { list: [...last.list], at: last.at } : undefined;
	}

	/** A run joins the lane (its RunSequence is made): it takes the lane once its items said what they create. */
	arrive(): void {
		this.runs += 1;
		this.undecided += 1;
		this.usedAt = Date.now();
	}

	/**
	 * Runs `decide` once every earlier run of the lane is over; the lane goes on when `over` resolves. The wait is
	 * bounded by the earlier run's deadline (its start at the latest plus its longest hold): past it, the earlier
	 * run is stuck, this run's rows fail sending nothing, and the lane goes on only once the earlier run is over.
	 */
	take(run: LaneRun): void {
		const earlier = this.last;
		const startedAt = Date.now();
		const waitUntil = this.lastDeadline;
		const holder = this.lastHolder;
		this.lastDeadline = Math.max(startedAt, waitUntil) + run.longestHoldMs;
		this.lastHolder = run.describe;
		this.last = (async () => {
			const inTime = await settlesWithin(earlier, waitUntil - startedAt);
			if (inTime) run.decide();
			else run.refuse(Date.now() - startedAt, holder());
			// the lane still waits for the stuck run: a later run that gives up names it, not this one
			if (!inTime && this.lastHolder === run.describe) this.lastHolder = holder;
			// the run took the list served to it (decide reads it before its first await); no run left began before it was read
			this.undecided -= 1;
			if (this.undecided === 0) this.lastList = undefined;
			await Promise.allSettled([earlier, run.over]);
			// the description holds the run's item context (and through it the run's lists): not past the run
			if (this.lastHolder === run.describe) this.lastHolder = NO_HOLDER;
			this.runs -= 1;
			this.usedAt = Date.now();
		})();
	}

	/** Whether forgetting the lane could break a promise: a run in it, a number given and unanswered, a write still settling. */
	inUse(now = Date.now()): boolean {
		return this.runs > 0 || this.given.length > 0 || this.unanswered.some((write) => write.until > now);
	}

	/** A record a run of this process created or renumbered, as the service answered it. */
	remember(record: IDataObject): void {
		const at = Date.now();
		this.recent.push({ record, at });
		while (this.recent.length > MOST_REMEMBERED || (this.recent.length > 0 && this.recent[0].at < at - REMEMBERED_MS)) this.recent.shift();
	}

	/** A record a run of this process deleted (its twin's copy stays, or its renumber failed): the next runs no longer see it. */
	forget(id: string): void {
		for (let i = this.recent.length - 1; i >= 0; i--) if (String(this.recent[i].record.id) === id) this.recent.splice(i, 1);
	}

	/** A run's write got no answer (time-out, dropped connection, 5xx): it may have landed, or still land until `until`. */
	noteUnanswered(until: number, content: Content, number: string): void {
		const at = Date.now();
		this.unanswered = this.unanswered.filter((write) => write.at >= at - REMEMBERED_MS || write.until > at);
		this.unanswered.push({ at, until, content, number });
	}

	/**
	 * Whether an unanswered write of this process may have made a document with this number that a list read at
	 * `readSince` did not show: such a document is this process's, never another process's twin. A write settled
	 * before that read made nothing the read missed (a document of another process may carry its number since).
	 */
	unansweredWith(number: unknown, readSince: number): boolean {
		return this.unanswered.some((write) => write.number === number && write.until > readSince);
	}

	/**
	 * Numbers a run of the lane gave (a new row's, or a clash's next free one) whose write has no answer yet: the
	 * record is neither in a list nor remembered until then, and the lane's next run, or the look of a run before
	 * it, would give the number again (a renumber and the next run's rows would both take INV-0005).
	 */
	private readonly given: string[] = [];

	hold(number: string): void {
		this.given.push(number);
	}

	free(number: string): void {
		const at = this.given.indexOf(number);
		if (at >= 0) this.given.splice(at, 1);
	}

	/** The numbers of unanswered writes that may still land, and those given and not yet answered: no run gives them again meanwhile. */
	reservedNumbers(): string[] {
		const now = Date.now();
		return [...this.unanswered.filter((write) => write.until > now).map((write) => write.number), ...this.given];
	}

	/**
	 * The unanswered writes a run that read its list at `readSince` cannot see in it: those that failed since then,
	 * and those still settling. Such a run reads its list again, and looks for them until they had time to land.
	 */
	unansweredSince(readSince: number): Unanswered[] {
		const now = Date.now();
		return this.unanswered.filter((write) => write.at >= readSince || write.until > now);
	}

	/**
	 * `list` (read after `readSince`) with the records this process made or changed since then, the latest answer
	 * of each record winning.
	 */
	withRecent(list: IDataObject[], readSince: number): IDataObject[] {
		const later = new Map<string, IDataObject>();
		for (const { record, at } of this.recent) if (at >= readSince) later.set(String(record.id), record);
		if (later.size === 0) return list;
		const merged = list.map((record) => later.get(String(record.id)) ?? record);
		const listed = new Set(list.map((record) => String(record.id)));
		for (const [id, record] of later) if (!listed.has(id)) merged.push(record);
		return merged;
	}
}

export interface Unanswered {
	at: number;
	until: number;
	content: Content;
	/** The number the write carried. */
	number: string;
}

/** A set that forgets its oldest entries past `most`. */
export class BoundedSet {
	private readonly entries = new Set<string>();

	constructor(private readonly most: number) {}

	has(entry: string): boolean {
		return this.entries.has(entry);
	}

	add(entry: string): void {
		this.entries.add(entry);
		for (const oldest of this.entries) {
			if (this.entries.size <= this.most) break;
			this.entries.delete(oldest);
		}
	}
}
