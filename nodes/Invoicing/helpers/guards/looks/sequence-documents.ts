import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { pause } from '../../../../shared/timers';
import { listOf } from '../../../../shared/api-answers';
import type { LineItem } from '../../../../shared/api-types';
import { readApi } from '../../request/read-api';
import { listedMatch, sameContent, sameItems, type Content } from '../keys/content-match';
import { createdBefore } from '../keys/created-order';
import { matchOf, type GuardedResource } from '../keys/matching';
import { storedNumber, type NumberPattern } from '../keys/number-pattern';
import { runScope } from '../path/run-scope';
import { listOfRun } from './run-lists';
import type { Unanswered } from '../path/sequence-lane';

/** Between two reads of the list while an unanswered write settles. */
const LOOK_INTERVAL_MS = 500;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/** The item whose request makes a read: a failure of that read names it. */
export interface Reader {
	ctx: IExecuteSingleFunctions;
	options: IHttpRequestOptions;
}

/**
 * The documents a run's sequence decides its rows on: its list, by client, and each candidate's line items, read
 * once per run (a row's document has the row's client, date, amounts and line items, see content-match).
 */
export class SequenceDocuments {
	private list: IDataObject[] = [];
	/** The list by client, built when first asked (a run of 500 rows over 10,000 documents looks in 25 each). */
	private byClient?: Map<string, IDataObject[]>;

	constructor(
		private readonly resource: GuardedResource,
		private readonly pattern: NumberPattern,
	) {}

	set(list: IDataObject[]): void {
		this.list = list;
		this.byClient = undefined;
	}

	all(): IDataObject[] {
		return this.list;
	}

	/** The documents of the list with the content's client, date and amounts. */
	candidates(content: Content): IDataObject[] {
		if (!this.byClient) {
			const owner = matchOf(this.resource).owner;
			this.byClient = new Map();
			for (const record of this.list) {
				const client = owner === undefined ? '' : text(record[owner.stored]);
				const records = this.byClient.get(client) ?? [];
				records.push(record);
				this.byClient.set(client, records);
			}
		}
		return (this.byClient.get(content.client) ?? []).filter((record) => listedMatch(this.resource, this.pattern, content, record));
	}

	/**
	 * The document of the list that is this row's: among the candidates not taken by an earlier row, the first whose
	 * line items are the row's.
	 */
	async match(reader: Reader, content: Content, taken: Set<string>): Promise<IDataObject | undefined> {
		for (const candidate of this.candidates(content).filter((record) => !taken.has(String(record.id)))) {
			if (await this.sameItemsIfThere(reader, content, candidate)) return candidate;
		}
		// an invoice made from this estimate before invoices named their estimate (0.1.x) has no description
		if (content.orNoDescription) return await this.match(reader, { ...content, key: undefined, description: '', orNoDescription: false }, taken);
		return undefined;
	}

	/** Whether `record` has the content's line items; false when its owner deleted it meanwhile (its read answers 404). */
	async sameItemsIfThere(reader: Reader, content: Content, record: IDataObject): Promise<boolean> {
		// a key names the document whatever its lines (listedMatch checked it)
		if (content.key !== undefined) return true;
		const gone = (error: unknown) => String((error as { httpCode?: unknown }).httpCode) === '404';
		return await this.itemsOf(reader, record).then(
			(items) => sameItems(items, content.items),
			async (error: unknown) => (gone(error) ? false : await Promise.reject(error)),
		);
	}

	/**
	 * After a write of the lane that got no answer since the run read its list (an earlier run's, or this
	 * execution's before a retry): the list is read again, and again while the run has more rows of that write's
	 * content than the list has documents for them and the write may still land, so a document the service made
	 * without answering is found, not made twice. Other rows never wait on it.
	 */
	async readUntilLanded(rows: Array<Reader & { content: Content; matchable: boolean }>, unanswered: Unanswered[]): Promise<void> {
		const reader = rows[0];
		if (unanswered.length === 0 || !reader) return;
		for (;;) {
			const read = async () => listOf(await readApi(reader.ctx, reader.options, `/${this.resource}/all`), 'data');
			this.set(await listOfRun(reader.ctx, runScope(reader.ctx), `${this.resource}\u0000again after an unanswered write, ${++this.looks}`, read));
			const now = Date.now();
			// a content the run has more rows of than the list has documents of (line items compared), while a write of it may still land
			const awaited: Content[] = [];
			for (const row of rows) {
				if (!row.matchable || awaited.some((content) => sameContent(content, row.content))) continue;
				if (!unanswered.some((write) => write.until > now && sameContent(write.content, row.content))) continue;
				// one key, one document; identical rows without a key are as many documents as rows
				const wanted = row.content.key ? 1 : rows.filter((other) => other.matchable && sameContent(other.content, row.content)).length;
				let found = 0;
				for (const candidate of this.candidates(row.content)) if (found < wanted && (await this.sameItemsIfThere(row, row.content, candidate))) found += 1;
				if (found < wanted) awaited.push(row.content);
			}
			const until = Math.max(0, ...unanswered.filter((write) => awaited.some((content) => sameContent(write.content, content))).map((write) => write.until));
			if (awaited.length === 0 || now >= until) return;
			await pause(Math.min(LOOK_INTERVAL_MS, until - now));
		}
	}

	/**
	 * A candidate that a document made before it shares its number with is a copy its maker (a run of another
	 * process, or an earlier run of this one) is about to delete or renumber in its look after its writes: taken
	 * as this row's, the row would name a document that is gone a moment later (as when a later batch
	 * of the execution, and the next run in the process, took the twin's copy of INV-0001). The list is read again
	 * (every 0.5 s) until no candidate clashes or `waitMs` passed; a clash that outlasts the wait (a maker that
	 * could not finish) is noted in `lasting` and never waited on again.
	 */
	async readUntilConverged(rows: Array<Reader & { content: Content; matchable: boolean }>, waitMs: number, lasting: { has(id: string): boolean; add(id: string): void }): Promise<void> {
		const reader = rows[0];
		const until = Date.now() + waitMs;
		for (;;) {
			const clashing = this.clashing(rows).filter((record) => !lasting.has(String(record.id)));
			if (!reader || clashing.length === 0) return;
			if (Date.now() >= until) {
				for (const record of clashing) lasting.add(String(record.id));
				return;
			}
			await pause(Math.min(LOOK_INTERVAL_MS, until - Date.now()));
			const read = async () => listOf(await readApi(reader.ctx, reader.options, `/${this.resource}/all`), 'data');
			this.set(await listOfRun(reader.ctx, runScope(reader.ctx), `${this.resource}\u0000again while a clash converges, ${++this.looks}`, read));
		}
	}

	/** The matchable rows' candidates whose number a document made before them has too. */
	private clashing(rows: Array<{ content: Content; matchable: boolean }>): IDataObject[] {
		const firstOf = new Map<unknown, IDataObject>();
		for (const record of this.list) {
			const number = storedNumber(this.resource, record);
			const first = firstOf.get(number);
			if (!first || createdBefore(record, first)) firstOf.set(number, record);
		}
		const found = new Map<string, IDataObject>();
		for (const row of rows) {
			if (!row.matchable) continue;
			for (const candidate of this.candidates(row.content)) {
				const first = firstOf.get(storedNumber(this.resource, candidate));
				if (first && String(first.id) !== String(candidate.id)) found.set(String(candidate.id), candidate);
			}
		}
		return [...found.values()];
	}

	/** How many times the run read its list again after an unanswered write (each read shared by its rows once). */
	private looks = 0;

	/** The reads of every row's candidates, started at once (as the items' own requests would go). */
	prefetch(rows: Array<Reader & { content: Content }>): void {
		for (const row of rows) for (const candidate of this.candidates(row.content)) void this.itemsOf(row, candidate).catch(() => undefined);
	}

	/** A document's line items, read once per run; a failed read is made again by each row that waited (its error names that row). */
	private async itemsOf(reader: Reader, record: IDataObject): Promise<LineItem[]> {
		const id = String(record.id);
		const read = async () => listOf(await readApi(reader.ctx, reader.options, `/${this.resource}/${encodeURIComponent(id)}`), 'items');
		return (await listOfRun(reader.ctx, runScope(reader.ctx), `${this.resource}\u0000items of ${id}`, read)) as LineItem[];
	}
}
