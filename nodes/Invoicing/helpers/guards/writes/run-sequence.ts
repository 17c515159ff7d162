import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { pause } from '../../../../shared/timers';
import { deferred, type Deferred } from '../path/deferred';
import { afterItemLoop } from '../../../engine/item-loop';
import { executionMemory } from '../../../engine/execution-memory';
import { ItemMemory } from '../../../engine/item-memory';
import { listedMatch, sameContent, type Content } from '../keys/content-match';
import type { GuardedResource } from '../keys/matching';
import { formatNumber, sequenceOf, storedNumber, type NumberPattern } from '../keys/number-pattern';
import { runScope } from '../path/run-scope';
import { asThisItems, recordsOfRun } from '../looks/run-lists';
import type { SequenceLane } from '../path/sequence-lane';
import { SequenceDocuments } from '../looks/sequence-documents';
import { byMaking, createdBefore, firstMadeStay } from '../keys/created-order';
import type { ExecutionRows } from '../keys/execution-rows';
import { describeKey, keyText } from '../path/write-keys';
import { WAITED_OUT_HINT, waitedOutMessage } from '../path/hold-limit';
import { failureLabel } from '../../errors/failure-labels';
import { inputError } from '../../errors/item-errors';
import { KeyedRows, ROW_END_WAIT_MS, RowEnds } from '../keys/keyed-rows';

/** What the sequence decided for one item; `sameKeyAs`: the document an earlier row of the run with the same key makes. */
export type SequenceVerdict = { kind: 'new'; number: string } | { kind: 'existing'; record: IDataObject } | { kind: 'sameKeyAs'; index: number };

interface Row {
	ctx: IExecuteSingleFunctions;
	options: IHttpRequestOptions;
	content: Content;
	/** Off for Create Anyway: the row is always a new document. */
	matchable: boolean;
	/** The longest the row's write can hold the lane (hold-limit's longestHoldMs). */
	holdMs: number;
	resolve: (verdict: SequenceVerdict) => void;
	fail: (error: unknown) => void;
}

/**
 * One run's sequence for one resource and pattern: every item of the run joins it before any await; once all
 * of them said what they create (or failed before), and the runs of the same sequence before it in this process
 * are over (sequence-lane), the rows are decided in item order, so new rows get consecutive numbers in item
 * order. A row's document is the next one of the list with the row's content not yet taken by an earlier row:
 * n identical rows are n documents, and a re-run finds those n. It also knows when every row's write has its
 * answer (see number-check).
 */
export class RunSequence {
	/** When the run began (its first item joined). */
	private readonly begunAt = Date.now();
	/** When the run's list was read (or the lane's list that served it): records this process made since then are added to it. */
	private startedAt = this.begunAt;
	readonly members = new Set<number>();
	private readonly rows = new Map<number, Row | null>();
	private loopOver = false;
	private decided = false;
	private readonly settled = new Set<number>();
	private readonly allSettled = deferred<void>();
	private readonly created = new Map<number, Deferred<IDataObject | undefined>>();
	/** The numbers this run gave (its own rows, and any given again after a clash). */
	readonly given = new Set<number>();
	/** The rows this run sends a create for, and the record each create's answer gave. */
	private readonly newRows = new Set<number>();
	/** The number each new row was given, held in the lane until the row settles. */
	private readonly numbers = new Map<number, string>();
	private readonly made = new Map<number, IDataObject>();
	/** The records the run's rows were decided on: a document not among them appeared while the run wrote. */
	private seen = new Set<string>();
	private readonly documents: SequenceDocuments;

	constructor(
		readonly resource: GuardedResource,
		readonly pattern: NumberPattern,
		private readonly lane: SequenceLane,
		private readonly execution: ExecutionRows,
	) {
		this.documents = new SequenceDocuments(resource, pattern);
		void afterItemLoop().then(() => {
			this.loopOver = true;
			this.decide();
		});
	}

	/** The next number no document of `fresh`, no row of this run and no record this process made has: for a row whose number another run took too. */
	nextFree(fresh: IDataObject[]): string {
		const next = Math.max(Math.max(0, ...this.given), this.highest(this.lane.withRecent(fresh, this.startedAt))) + 1;
		this.given.add(next);
		const number = formatNumber(this.pattern, next);
		this.lane.hold(number);
		return number;
	}

	/** The PUT giving `number` (from nextFree) has its answer: the record changed (renumbered), or not. */
	renumberOver(number: string): void {
		this.lane.free(number);
	}

	join(index: number): void {
		this.members.add(index);
	}

	/** The row's content: once the run's list is read, resolves with what to do, in item order. */
	claim(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, index: number, content: Content, matchable: boolean, holdMs: number): Promise<SequenceVerdict> {
		return new Promise((resolve, fail) => {
			this.rows.set(index, { ctx, options, content, matchable, holdMs, resolve, fail });
			this.execution.set(index, matchable ? content : null);
			this.decide();
		});
	}

	/** The item failed before it said what it creates: the others do not wait for it. */
	release(index: number): void {
		if (this.rows.has(index)) return;
		this.rows.set(index, null);
		this.execution.set(index, null);
		this.settle(index);
		this.decide();
	}

	/** The item's request has its answer (or it sends none): the check after the writes waits for every item. */
	settle(index: number, record?: IDataObject): void {
		const number = this.numbers.get(index);
		// the record is remembered before its number is freed: no moment where a run could give it again
		if (record && !this.settled.has(index)) {
			this.lane.remember(record);
			if (this.newRows.has(index)) this.made.set(index, record);
			const row = this.rows.get(index);
			if (row) this.claims(row.ctx)[index] = String(record.id);
		}
		if (number !== undefined) {
			this.numbers.delete(index);
			this.lane.free(number);
		}
		this.createdOf(index).resolve(record);
		if (this.settled.has(index)) return;
		this.settled.add(index);
		if (this.settled.size >= this.members.size && this.loopOver) this.allSettled.resolve();
	}

	/** Resolves once every item's request has its answer. */
	async everySettled(): Promise<void> {
		await this.allSettled.promise;
	}

	/** What an earlier row of this run created (undefined if it failed). */
	createdBy(index: number): Promise<IDataObject | undefined> {
		return this.createdOf(index).promise;
	}

	private createdOf(index: number): Deferred<IDataObject | undefined> {
		let entry = this.created.get(index);
		if (!entry) {
			entry = deferred();
			this.created.set(index, entry);
		}
		return entry;
	}

	private decide(): void {
		if (this.decided || !this.loopOver || [...this.members].some((index) => !this.rows.has(index))) return;
		this.decided = true;
		const rows = [...this.rows.values()].filter((row): row is Row => row !== null);
		this.lane.take({
			decide: () => void this.decideRows(),
			over: this.laneOver(),
			refuse: (waitedMs, holder) => this.refuseRows(rows, waitedMs, holder),
			// a run without rows is over right after the one before it: a second for that
			longestHoldMs: Math.max(1_000, ...rows.map((row) => row.holdMs)),
			describe: () => (rows[0] ? failureLabel(rows[0].ctx) : 'a run that sent nothing'),
		});
	}

	/** The run before it in the lane overran its longest hold: every row fails, nothing sent (the lane never passes a stuck run). */
	private refuseRows(rows: Row[], waitedMs: number, holder: string): void {
		const what = describeKey({ kind: 'sequence', resource: this.resource, prefix: this.pattern.prefix, digits: this.pattern.digits });
		for (const row of rows) row.fail(inputError(row.ctx, waitedOutMessage(waitedMs, `an earlier run's ${holder}`, what), WAITED_OUT_HINT));
		if (this.settled.size >= this.members.size) this.allSettled.resolve();
	}

	/**
	 * Which document each item of the execution has (by item index), kept in the execution's memory: batches of one
	 * run are runs of their own here, and n identical rows across them are still n documents; a retry of the node
	 * (same item indexes) finds each row's own document again.
	 */
	private claims(ctx: IExecuteSingleFunctions): Record<string, string> {
		return executionMemory<Record<string, Record<string, string>>>(ctx, CLAIMS)[keyText({ kind: 'sequence', resource: this.resource, prefix: this.pattern.prefix, digits: this.pattern.digits })] ??= {};
	}

	/** A row's write got no answer: the lane's next runs read their list again and look for it until `until`. */
	unanswered(until: number, content: Content, number: string): void {
		this.lane.noteUnanswered(until, content, number);
	}

	/** The highest sequence number among `records` and the numbers unanswered writes of the lane may still land with. */
	private highest(records: IDataObject[]): number {
		let high = 0;
		for (const record of records) high = Math.max(high, sequenceOf(this.pattern, storedNumber(this.resource, record)) ?? 0);
		for (const number of this.lane.reservedNumbers()) high = Math.max(high, sequenceOf(this.pattern, number) ?? 0);
		return high;
	}

	/**
	 * The document another process made at the same moment for this row (its twin: an execution of the same rows
	 * in another queue worker), when it was made before this row's `record`: then this row's copy goes and the row
	 * has that one. The others are the documents of the row's content that appeared while the run wrote (not in the
	 * list its rows were decided on) and that no unanswered write of this process may have made. Of this run's and
	 * the others' documents of one content, the first made stay (see firstMadeStay), as many as the run has new
	 * rows of it and the execution's other batches have rows of it still without a document (rowsElsewhere);
	 * a row whose content is its run's only one keeps its copy unless another was made before it,
	 * and then has the first made (an owner never deletes the first made, so a deleted twin never misleads the
	 * other). A document another batch's row of the execution has is none of the others. A row made for Create
	 * Anyway has no twin.
	 */
	async twinOf(index: number, record: IDataObject, fresh: IDataObject[]): Promise<IDataObject | undefined> {
		const row = this.rows.get(index);
		if (!row || !row.matchable) return undefined;
		const content = row.content;
		const mine = [...this.made].filter(([other]) => this.contentOf(other, content)).map(([, made]) => made).sort(byMaking);
		const ownIds = new Set([...this.made.values()].map((made) => String(made.id)));
		const held = this.heldElsewhere(row.ctx);
		const appeared = fresh.filter(
			(other) =>
				!this.seen.has(String(other.id)) &&
				!ownIds.has(String(other.id)) &&
				!held.has(String(other.id)) &&
				!this.lane.unansweredWith(storedNumber(this.resource, other), this.startedAt) &&
				listedMatch(this.resource, this.pattern, content, other),
		);
		const others: IDataObject[] = [];
		for (const other of appeared.sort(byMaking)) if (await this.documents.sameItemsIfThere(row, content, other)) others.push(other);
		if (others.length === 0) return undefined;
		// one key, one document: a later row of the key has the first's (keyed-rows)
		const rows = content.key ? 1 : [...this.newRows].filter((other) => this.contentOf(other, content)).length + (await this.rowsElsewhere(row.ctx, content));
		const partner = others.length <= rows ? firstMadeStay(mine, others, rows, record) : mine.length === 1 ? others[0] : undefined;
		return partner && createdBefore(partner, record) ? partner : undefined;
	}

	/**
	 * The execution's rows of the content in its other batches (Request Options > Batching) that have no document
	 * yet: later batches', and earlier ones' that failed. The twin in another process makes its documents in its
	 * own batches, so a batch counting only its own rows kept copies beyond the execution's rows.
	 * A row of another batch that has its document holds it: that one is not this batch's to give.
	 */
	private async rowsElsewhere(ctx: IExecuteSingleFunctions, content: Content): Promise<number> {
		const claimed = this.claims(ctx);
		const rows = await this.execution.rowsOf(ctx, content);
		return rows.filter((index) => !this.members.has(index) && claimed[index] === undefined).length;
	}

	/**
	 * The documents the execution's rows of its other batches have (made, found, or named by a refused row): never a
	 * twin copy of this batch's rows. Counted among the others, they outnumbered the rows and both copies stayed.
	 */
	private heldElsewhere(ctx: IExecuteSingleFunctions): Set<string> {
		return new Set(
			Object.entries(this.claims(ctx))
				.filter(([index]) => !this.members.has(Number(index)))
				.map(([, id]) => id),
		);
	}

	private contentOf(index: number, content: Content): boolean {
		const row = this.rows.get(index);
		return row !== null && row !== undefined && sameContent(row.content, content);
	}

	/** A row's twin look (number-check): the lane's next run decides once it is over, and sees which document the row has. */
	async look<T>(work: () => Promise<T>): Promise<T> {
		const looking = work();
		this.looks.add(looking);
		try {
			return await looking;
		} finally {
			this.looks.delete(looking);
		}
	}

	private readonly looks = new Set<Promise<unknown>>();

	/** The row's document is its twin's now, its own copy deleted: a retry of the execution finds the twin's, the lane's next runs never the copy. */
	handedOver(ctx: IExecuteSingleFunctions, index: number, kept: IDataObject, deletedId: string): void {
		this.claims(ctx)[index] = String(kept.id);
		this.lane.forget(deletedId);
	}

	/** A copy of this run was deleted (its renumber failed): the lane's next runs never see it. */
	deleted(id: string): void {
		this.lane.forget(id);
	}

	/** A record of this run changed after its answer (a new number): the lane's next runs see the change. */
	renumbered(record: IDataObject): void {
		this.lane.remember(record);
	}

	/** The rows in item order: a document of the list that is the row's (not taken by an earlier row), or the next number. */
	private async decideRows(): Promise<void> {
		const waiting = [...this.rows.values()].filter((row): row is Row => row !== null);
		try {
			await this.readList(waiting[0]);
			await this.documents.readUntilLanded(waiting, this.lane.unansweredSince(this.startedAt));
			await this.documents.readUntilConverged(waiting, convergeWaitMs(waiting[0]?.options), this.lane.lastingClashes);
		} catch (error) {
			// the read was the first row's: each row fails naming itself
			for (const row of waiting) row.fail(asThisItems(row.ctx, error));
			if (this.settled.size >= this.members.size) this.allSettled.resolve();
			return;
		}
		// candidates come from this list (records this process made since are its newer copies)
		this.documents.set(this.lane.withRecent(this.documents.all(), this.startedAt));
		const list = this.documents.all();
		this.seen = new Set(list.map((record) => String(record.id)));
		let next = this.highest(list) + 1;
		// documents the execution's other rows already have (earlier batches of this run; a retry finds its own again)
		const firstRow = [...this.rows.values()].find((row): row is Row => row !== null);
		const claimed = firstRow ? this.claims(firstRow.ctx) : {};
		const ownedElsewhere = (index: number) => new Set(Object.entries(claimed).filter(([other]) => Number(other) !== index).map(([, id]) => id));
		const taken = new Set<string>();
		const keyed = new KeyedRows();
		this.documents.prefetch([...this.rows.values()].filter((row): row is Row => row !== null && row.matchable));
		for (const index of [...this.members].sort((a, b) => a - b)) {
			const row = this.rows.get(index);
			if (!row) continue;
			try {
				const holder = row.matchable ? keyed.earlier(row.content) : undefined;
				if (holder) {
					row.resolve(holder.record ? { kind: 'existing', record: holder.record } : { kind: 'sameKeyAs', index: holder.index });
					continue;
				}
				// a key's document is the key's, whichever row of the execution had it before
				const notMine = row.content.key ? new Set<string>() : new Set([...taken, ...ownedElsewhere(index)]);
				const listed = row.matchable ? await this.documents.match(row, row.content, notMine) : undefined;
				if (listed) {
					taken.add(String(listed.id));
					claimed[index] = String(listed.id);
					keyed.note(row.content, { index, record: listed });
					row.resolve({ kind: 'existing', record: listed });
				} else {
					this.given.add(next);
					this.newRows.add(index);
					const number = formatNumber(this.pattern, next++);
					this.numbers.set(index, number);
					this.lane.hold(number);
					if (row.matchable) keyed.note(row.content, { index });
					row.resolve({ kind: 'new', number });
				}
			} catch (error) {
				row.fail(error);
			}
		}
		if (this.settled.size >= this.members.size) this.allSettled.resolve();
	}

	/**
	 * The run's list, read in the lane's turn (after the runs before it are over): the list the lane's last run
	 * read after its writes, when that read started after this run began (sequence-lane), else a read of its own.
	 */
	private async readList(reader: Row | undefined): Promise<void> {
		if (!reader) return;
		const served = this.lane.servedList(this.begunAt);
		if (served) {
			this.documents.set(served.list);
			this.startedAt = served.at;
			return;
		}
		this.startedAt = Date.now();
		this.documents.set(await recordsOfRun(reader.ctx, runScope(reader.ctx), reader.options, this.resource));
	}

	/** The list the rows were decided on; a create's answer joins it (write-guards), for a later identical row. */
	runList(): IDataObject[] {
		return this.documents.all();
	}

	/**
	 * The run's one read of its list once every write has its answer (shared by its rows' twin looks and number
	 * checks, see number-check). The lane's next run waits for it and is served it (see laneOver).
	 */
	async afterWrites(read: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
		this.afterReadStarted = true;
		const at = Date.now();
		try {
			const list = await read();
			this.lane.noteList(list, at);
			return list;
		} finally {
			this.afterReadOver.resolve();
		}
	}

	private afterReadStarted = false;
	private readonly afterReadOver = deferred<void>();

	/**
	 * The document of an earlier row of the run with the same key (keyed-rows), once the run's looks after its
	 * writes are over: the twin's when that row's copy was handed over. The later row has no write of its own, so
	 * the looks do not wait for it.
	 */
	async keptFor(ctx: IExecuteSingleFunctions, index: number, earlier: number, made: IDataObject): Promise<string> {
		this.settle(index);
		const output = await Promise.race([this.ends.of(earlier), this.laneOver().then(async () => await pause(ROW_END_WAIT_MS))]);
		const id = output?.id === undefined ? (this.claims(ctx)[earlier] ?? String(made.id)) : String(output.id);
		this.claims(ctx)[index] = id;
		return id;
	}

	/** Each row's output once its looks after the writes are over (see row-end). */
	readonly ends = new RowEnds();

	/**
	 * When the lane's next run may decide: once every write has its answer, and, when the run made documents, once
	 * its read after them is over, so that the next run is served that read instead of making its own (runs at
	 * once: one list read each). That read starts at once after the last answer (the rows' post-receive); when it
	 * has not started within a moment (the rows failed before it), the lane goes on without it.
	 */
	private async laneOver(): Promise<void> {
		await this.allSettled.promise;
		if (this.made.size === 0) return;
		await Promise.race([
			this.afterReadOver.promise,
			pause(AFTER_READ_START_MS).then(async () => (this.afterReadStarted ? await this.afterReadOver.promise : undefined)),
		]);
		// a later batch of the execution would otherwise take the twin's document a row of this run is handed
		while (this.looks.size > 0) await Promise.allSettled([...this.looks]);
	}
}

/** How long a run waits for another run's look to delete or renumber a copy (its list read, a few reads, a DELETE or PUT). */
const convergeWaitMs = (options: IHttpRequestOptions | undefined) => Math.max(1000, Math.min(2 * (options?.timeout ?? 300_000), 5000));

/** How long the lane waits for a run's read after its writes to start (it starts in the same tick, see laneOver). */
const AFTER_READ_START_MS = 50;

/** The execution's memory of which document each item has (see claims). */
const CLAIMS = 'invoicingSequenceClaims';

const itemSequence = new ItemMemory<{ sequence: RunSequence; index: number }>();

/** The run's sequence this item joined, if it takes its number from one. */
export const sequenceOfItem = (ctx: IExecuteSingleFunctions) => itemSequence.get(ctx);

/** The item joined `sequence` (join-sequence). */
export const noteItemSequence = (ctx: IExecuteSingleFunctions, entry: { sequence: RunSequence; index: number }) => itemSequence.set(ctx, entry);
