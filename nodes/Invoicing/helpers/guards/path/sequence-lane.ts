import type { IDataObject } from 'n8n-workflow';

import type { Content } from '../keys/content-match';

/** How long a record this process numbered is remembered for the runs that read their list before it was stored. */
const REMEMBERED_MS = 15 * 60_000;

/** Past this many remembered records the oldest go first (a run of this process never numbers more at once). */
const MOST_REMEMBERED = 20_000;

/**
 * The runs of one number sequence (service, kind, prefix, digits) in this n8n process, one after another: a run
 * decides its rows only once the run before it has every write answered, and it sees the records that run made
 * even when its own list was read before they were stored. So runs at once in one process never give a number
 * twice, twins (the same rows in two executions at once) find each other's documents, and an estimate invoiced
 * by one run is found by the next. Across processes the look after the writes (number-check) does the rest.
 */
export class SequenceLane {
	private last: Promise<void> = Promise.resolve();
	private readonly recent: Array<{ record: IDataObject; at: number }> = [];
	/** Writes of the lane's runs that got no answer: when each failed, until when it may still land, and what it makes. */
	private unanswered: Unanswered[] = [];
	/** Documents whose number clash outlasted a run's wait for it to converge (SequenceDocuments.readUntilConverged). */
	readonly lastingClashes = new BoundedSet(MOST_REMEMBERED);
	/** The last list a run read after its writes, and when that read started. */
	private lastList?: { list: IDataObject[]; at: number };

	/** The list a run read once its writes had their answers (the read started at `at`). */
	noteList(list: IDataObject[], at: number): void {
		this.lastList = { list, at };
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

	/** Runs `decide` once every earlier run of the lane is over; the lane goes on when `over` resolves. */
	take(decide: () => void, over: Promise<void>): void {
		const earlier = this.last;
		this.last = earlier.then(async () => {
			decide();
			await over;
		});
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

const lanes = new Map<string, SequenceLane>();

/** The lane of a sequence (one per key for the life of the process; a handful of patterns per book). */
export function laneOf(key: string): SequenceLane {
	let lane = lanes.get(key);
	if (!lane) {
		lane = new SequenceLane();
		lanes.set(key, lane);
	}
	return lane;
}
