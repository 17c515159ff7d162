import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { deferred } from '../path/deferred';
import { RowEnds } from '../keys/keyed-rows';
import { afterItemLoop } from '../../../engine/item-loop';
import { executionMemory } from '../../../engine/execution-memory';
import type { Content } from '../keys/content-match';
import type { GuardedResource } from '../keys/matching';
import { formatNumber, highestOf, storedNumber, type NumberPattern } from '../keys/number-pattern';
import { runScope } from '../path/run-scope';
import { asThisItems, recordsOfRun } from '../looks/run-lists';
import type { SequenceLane } from '../path/sequence-lane';
import { SequenceDocuments } from '../looks/sequence-documents';
import type { ExecutionRows } from '../keys/execution-rows';
import { describeKey, keyText } from '../path/write-keys';
import { waitedOut } from '../path/hold-limit';
import { failureLabel } from '../../errors/failure-labels';
import { RunEnd } from './sequence-end';
import { decideInItemOrder } from './sequence-decide';
import type { Row, SequenceVerdict } from './sequence-row';

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
	startedAt = this.begunAt;
	readonly members = new Set<number>();
	readonly rows = new Map<number, Row | null>();
	private loopOver = false;
	private decided = false;
	private readonly settled = new Set<number>();
	private readonly allSettled = deferred<void>();
	/** What each row created (undefined if it failed). */
	private readonly created = new RowEnds();
	/** The numbers this run gave (its own rows, and any given again after a clash). */
	readonly given = new Set<number>();
	/** The rows this run sends a create for, and the record each create's answer gave. */
	readonly newRows = new Set<number>();
	/** The number each new row was given, held in the lane until the row settles. */
	private readonly numbers = new Map<number, string>();
	readonly made = new Map<number, IDataObject>();
	/** The records the run's rows were decided on: a document not among them appeared while the run wrote. */
	seen = new Set<string>();
	readonly documents: SequenceDocuments;
	/** Its read after the writes, the rows' twin looks, when the lane's next run may decide. */
	readonly end: RunEnd;

	constructor(
		readonly resource: GuardedResource,
		readonly pattern: NumberPattern,
		/** The sequence's lane in the process; what it remembers (records made, renumbered, deleted, numbers held) the next runs see. */
		readonly lane: SequenceLane,
		readonly execution: ExecutionRows,
	) {
		this.documents = new SequenceDocuments(resource, pattern);
		this.end = new RunEnd(this.allSettled.promise, () => this.made.size > 0, (list, at) => this.lane.noteList(list, at));
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
		this.created.ended(index, record);
		if (this.settled.has(index)) return;
		this.settled.add(index);
		if (this.settled.size >= this.members.size && this.loopOver) this.allSettled.resolve();
	}

	/** Resolves once every item's request has its answer. */
	async everySettled(): Promise<void> {
		await this.allSettled.promise;
	}

	/** What an earlier row of this run created (undefined if it failed). */
	async createdBy(index: number): Promise<IDataObject | undefined> {
		return await this.created.of(index);
	}

	private decide(): void {
		if (this.decided || !this.loopOver || [...this.members].some((index) => !this.rows.has(index))) return;
		this.decided = true;
		const rows = [...this.rows.values()].filter((row): row is Row => row !== null);
		this.lane.take({
			decide: () => void this.decideRows(),
			over: this.end.over(),
			refuse: (waitedMs, holder) => this.refuseRows(rows, waitedMs, holder),
			// a run without rows is over right after the one before it: a second for that
			longestHoldMs: Math.max(1_000, ...rows.map((row) => row.holdMs)),
			describe: () => (rows[0] ? failureLabel(rows[0].ctx) : 'a run that sent nothing'),
		});
	}

	/** The run before it in the lane overran its longest hold: every row fails, nothing sent (the lane never passes a stuck run). */
	private refuseRows(rows: Row[], waitedMs: number, holder: string): void {
		const what = describeKey({ kind: 'sequence', resource: this.resource, prefix: this.pattern.prefix, digits: this.pattern.digits });
		for (const row of rows) row.fail(waitedOut(row.ctx, waitedMs, `an earlier run's ${holder}`, what));
		if (this.settled.size >= this.members.size) this.allSettled.resolve();
	}

	/**
	 * Which document each item of the execution has (by item index), kept in the execution's memory: batches of one
	 * run are runs of their own here, and n identical rows across them are still n documents; a retry of the node
	 * (same item indexes) finds each row's own document again.
	 */
	claims(ctx: IExecuteSingleFunctions): Record<string, string> {
		return executionMemory<Record<string, Record<string, string>>>(ctx, CLAIMS)[keyText({ kind: 'sequence', resource: this.resource, prefix: this.pattern.prefix, digits: this.pattern.digits })] ??= {};
	}

	/** A row's write got no answer: the lane's next runs read their list again and look for it until `until`. */
	unanswered(until: number, content: Content, number: string): void {
		this.lane.noteUnanswered(until, content, number);
	}

	/** The highest sequence number among `records` and the numbers unanswered writes of the lane may still land with. */
	private highest(records: IDataObject[]): number {
		return highestOf(this.pattern, [...records.map((record) => storedNumber(this.resource, record)), ...this.lane.reservedNumbers()]);
	}

	/** The row's document is its twin's now, its own copy deleted: a retry of the execution finds the twin's, the lane's next runs never the copy. */
	handedOver(ctx: IExecuteSingleFunctions, index: number, kept: IDataObject, deletedId: string): void {
		this.claims(ctx)[index] = String(kept.id);
		this.lane.forget(deletedId);
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
		await decideInItemOrder(this, (index) => {
			this.given.add(next);
			this.newRows.add(index);
			const number = formatNumber(this.pattern, next++);
			this.numbers.set(index, number);
			this.lane.hold(number);
			return number;
		});
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
	 * The document of an earlier row of the run with the same key (keyed-rows), once the run's looks after its
	 * writes are over: the twin's when that row's copy was handed over. The later row has no write of its own, so
	 * the looks do not wait for it.
	 */
	async keptFor(ctx: IExecuteSingleFunctions, index: number, earlier: number, made: IDataObject): Promise<string> {
		this.settle(index);
		const output = await this.end.outputOf(earlier);
		const id = output?.id === undefined ? (this.claims(ctx)[earlier] ?? String(made.id)) : String(output.id);
		this.claims(ctx)[index] = id;
		return id;
	}
}

/** How long a run waits for another run's look to delete or renumber a copy (its list read, a few reads, a DELETE or PUT). */
const convergeWaitMs = (options: IHttpRequestOptions | undefined) => Math.max(1000, Math.min(2 * (options?.timeout ?? 300_000), 5000));

/** The execution's memory of which document each item has (see claims). */
const CLAIMS = 'invoicingSequenceClaims';
