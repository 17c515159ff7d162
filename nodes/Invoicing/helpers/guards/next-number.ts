import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { afterItemLoop } from '../../engine/item-loop';
import { ItemMemory } from '../../engine/item-memory';
import { listOf } from '../../../shared/api-answers';
import type { ApiParams, LineItem } from '../../../shared/api-types';
import { todayIn } from '../../../shared/dates';
import { DEFAULT_NUMBER_DIGITS } from '../../resources/numbering-fields';
import { inputError } from '../errors/item-errors';
import { withParams } from '../request/pre-send';
import { readApi } from '../request/read-api';
import { describeRecord, matchOf, type GuardedResource } from './matching';
import { runScope, type RunScope } from './run-scope';
import { decide, readInstead, recordsOfRun } from './write-guards';

/** Next in Sequence: the text before the digits, and how many digits (zero-padded). */
export interface NumberPattern {
	prefix: string;
	digits: number;
}

export const formatNumber = (pattern: NumberPattern, value: number): string => `${pattern.prefix}${String(value).padStart(pattern.digits, '0')}`;

/**
 * The place in the sequence of a number written exactly as the pattern writes it (`INV-0042` with `INV-` and 4:
 * 42); any other number (`INV-42`, `INV-00042`, `INV-0042a`, `EST-0042`) is not in the sequence: ignored, not misread.
 */
export function sequenceOf(pattern: NumberPattern, number: unknown): number | undefined {
	const text = typeof number === 'string' ? number : '';
	if (!text.startsWith(pattern.prefix)) return undefined;
	const digits = text.slice(pattern.prefix.length);
	if (!/^\d+$/.test(digits)) return undefined;
	const value = Number(digits);
	return Number.isSafeInteger(value) && formatNumber(pattern, value) === text ? value : undefined;
}

/** The record the run's list got for this number (the answer adds it at the end). */
function createdIn(resource: GuardedResource, list: IDataObject[], number: string): IDataObject | undefined {
	for (let i = list.length - 1; i >= 0; i--) if (storedNumber(resource, list[i]) === number) return list[i];
	return undefined;
}

/** Whether the item's create takes its number from the sequence (Numbering: Next in Sequence). */
export const isNextNumber = (ctx: IExecuteSingleFunctions): boolean => ctx.getNodeParameter('numbering', 'given') === 'next';

function readPattern(ctx: IExecuteSingleFunctions): NumberPattern {
	const prefix = String(ctx.getNodeParameter('numberPrefix', '') ?? '');
	const raw = ctx.getNodeParameter('numberDigits', DEFAULT_NUMBER_DIGITS) as unknown;
	const digits = typeof raw === 'number' ? raw : Number(String(raw).trim());
	if (!Number.isInteger(digits) || digits < 1 || digits > 12) {
		throw inputError(ctx, `"Number Digits" must be a whole number from 1 to 12, got ${JSON.stringify(raw)}`);
	}
	return { prefix, digits };
}

/** The number field of the resource's create (`invoice_no`, `estimate_no`) and where records keep it. */
export const numberKey = (resource: GuardedResource) => matchOf(resource).keys[0];

export const storedNumber = (resource: GuardedResource, record: IDataObject): unknown => {
	for (const name of numberKey(resource).stored) if (record[name] !== undefined && record[name] !== null) return record[name];
	return undefined;
};

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** The sub-total the service computes for these items, in cents (as it rounds: the sum, then to cents). */
const subTotalCents = (items: LineItem[]) => Math.round(items.reduce((sum, item) => sum + Number(item.quantity) * Number(item.rate), 0) * 100 + 1e-7);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/** What this row's document is, for a match: client, issue date (when part of the row), line items, tax rate, currency. */
interface Content {
	client: string;
	issueDate?: string;
	items: LineItem[];
	taxRate?: number;
	currency?: string;
}

const contentOf = (params: ApiParams, compared: ApiParams): Content => ({
	client: text(params.client),
	issueDate: compared.issue_date === undefined ? undefined : text(compared.issue_date),
	items: (params.items ?? []) as LineItem[],
	taxRate: params.tax_rate === undefined ? undefined : Number(params.tax_rate),
	currency: params.currency === undefined ? undefined : text(params.currency).toUpperCase(),
});

const sameItems = (a: LineItem[], b: LineItem[]) =>
	a.length === b.length &&
	a.every((item, i) => text(item.description) === text(b[i].description) && Number(item.quantity) === Number(b[i].quantity) && cents(item.rate) === cents(b[i].rate));

const sameContent = (a: Content, b: Content) =>
	a.client === b.client &&
	a.issueDate === b.issueDate &&
	sameItems(a.items, b.items) &&
	(a.taxRate ?? 0) === (b.taxRate ?? 0) &&
	(a.currency ?? '') === (b.currency ?? '');

/**
 * A document of the service that may be this row's: same client, the same issue date (when the row has one),
 * the same sub-total and tax rate, the same currency when the row sets one, and a number of the sequence. List
 * entries carry amounts, not line items: a read of the document compares those.
 */
function listedMatch(resource: GuardedResource, pattern: NumberPattern, content: Content, record: IDataObject): boolean {
	const owner = matchOf(resource).owner;
	if (owner === undefined || text(record[owner.stored]) !== content.client) return false;
	if (sequenceOf(pattern, storedNumber(resource, record)) === undefined) return false;
	if (content.issueDate !== undefined && text(record.issue_date) !== content.issueDate) return false;
	if (content.currency !== undefined && text(record.currency).toUpperCase() !== content.currency) return false;
	return cents(record.sub_total) === subTotalCents(content.items) && cents(record.tax_rate) === cents(content.taxRate ?? 0);
}

/** What the sequence decided for one item. */
export type SequenceVerdict =
	| { kind: 'new'; number: string }
	| { kind: 'existing'; record: IDataObject }
	| { kind: 'sameAs'; index: number }
	| { kind: 'none' };

interface Row {
	ctx: IExecuteSingleFunctions;
	options: IHttpRequestOptions;
	content: Content;
	/** Off for Create Anyway: the row is always a new document. */
	matchable: boolean;
	resolve: (verdict: SequenceVerdict) => void;
	fail: (error: unknown) => void;
}

interface Deferred<T> {
	promise: Promise<T>;
	resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
	let resolve!: (value: T) => void;
	const promise = new Promise<T>((done) => (resolve = done));
	return { promise, resolve };
}

/**
 * One run's sequence for one resource and pattern: every item of the run joins it before any await; once all
 * of them said what they create (or failed before), the rows are decided in item order, so new rows get
 * consecutive numbers in item order. It also knows when every row's write has its answer (see number-check).
 */
export class RunSequence {
	readonly members = new Set<number>();
	private readonly rows = new Map<number, Row | null>();
	private loopOver = false;
	private decided = false;
	private list: IDataObject[] = [];
	private readonly settled = new Set<number>();
	private readonly allSettled = deferred<void>();
	private readonly created = new Map<number, Deferred<IDataObject | undefined>>();
	/** The numbers this run gave (its own rows, and any given again after a clash). */
	readonly given = new Set<number>();

	constructor(
		readonly resource: GuardedResource,
		readonly pattern: NumberPattern,
	) {
		void afterItemLoop().then(() => {
			this.loopOver = true;
			this.decide();
		});
	}

	/** The next number no document of `fresh` and no row of this run has: for a row whose number another run took too. */
	nextFree(fresh: IDataObject[]): string {
		let next = Math.max(0, ...this.given) + 1;
		for (const record of fresh) next = Math.max(next, (sequenceOf(this.pattern, storedNumber(this.resource, record)) ?? 0) + 1);
		this.given.add(next);
		return formatNumber(this.pattern, next);
	}

	join(index: number): void {
		this.members.add(index);
	}

	/** The row's content, once the run's list is read: resolves with what to do, in item order. */
	claim(
		ctx: IExecuteSingleFunctions,
		options: IHttpRequestOptions,
		index: number,
		list: IDataObject[],
		content: Content,
		matchable: boolean,
	): Promise<SequenceVerdict> {
		return new Promise((resolve, fail) => {
			this.list = list;
			this.rows.set(index, { ctx, options, content, matchable, resolve, fail });
			this.decide();
		});
	}

	/** The item failed before it said what it creates: the others do not wait for it. */
	release(index: number): void {
		if (this.rows.has(index)) return;
		this.rows.set(index, null);
		this.settle(index);
		this.decide();
	}

	/** The item's request has its answer (or it sends none): the check after the writes waits for every item. */
	settle(index: number, record?: IDataObject): void {
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
		void this.decideRows();
	}

	/** The rows in item order: a document of the list that is the row's, an earlier row of this run, or the next number. */
	private async decideRows(): Promise<void> {
		let next = 1;
		for (const record of this.list) next = Math.max(next, (sequenceOf(this.pattern, storedNumber(this.resource, record)) ?? 0) + 1);
		const fresh: Array<{ index: number; content: Content }> = [];
		const taken = new Set<IDataObject>();
		this.prefetch([...this.rows.values()].filter((row): row is Row => row !== null && row.matchable));
		for (const index of [...this.members].sort((a, b) => a - b)) {
			const row = this.rows.get(index);
			if (!row) continue;
			try {
				const earlier = row.matchable ? fresh.find((candidate) => sameContent(candidate.content, row.content)) : undefined;
				const listed = earlier || !row.matchable ? undefined : await this.listedMatch(row, taken);
				if (earlier) row.resolve({ kind: 'sameAs', index: earlier.index });
				else if (listed) {
					taken.add(listed);
					row.resolve({ kind: 'existing', record: listed });
				} else {
					fresh.push({ index, content: row.content });
					this.given.add(next);
					row.resolve({ kind: 'new', number: formatNumber(this.pattern, next++) });
				}
			} catch (error) {
				row.fail(error);
			}
		}
		if (this.settled.size >= this.members.size) this.allSettled.resolve();
	}

	/**
	 * The document of the list that is this row's: among those with the same client, date and amounts (not taken
	 * by an earlier row), the first whose line items are the row's (each candidate read once per run).
	 */
	private async listedMatch(row: Row, taken: Set<IDataObject>): Promise<IDataObject | undefined> {
		for (const candidate of this.candidates(row).filter((record) => !taken.has(record))) {
			if (sameItems(await this.itemsOf(row, candidate), row.content.items)) return candidate;
		}
		return undefined;
	}

	/** The list by client, built once the rows are decided (a run of 500 rows over 10,000 documents looks in 25 each). */
	private byClient?: Map<string, IDataObject[]>;

	private candidates(row: Row): IDataObject[] {
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
		return (this.byClient.get(row.content.client) ?? []).filter((record) => listedMatch(this.resource, this.pattern, row.content, record));
	}

	/** The reads of every row's candidates, started at once (as the items' own requests would go). */
	private prefetch(rows: Row[]): void {
		for (const row of rows) for (const candidate of this.candidates(row)) void this.itemsOf(row, candidate).catch(() => undefined);
	}

	private readonly itemReads = new Map<string, Promise<LineItem[]>>();

	private itemsOf(row: Row, record: IDataObject): Promise<LineItem[]> {
		const id = String(record.id);
		let items = this.itemReads.get(id);
		if (!items) {
			items = readApi(row.ctx, row.options, `/${this.resource}/${encodeURIComponent(id)}`).then((body) => listOf(body, 'items') as LineItem[]);
			this.itemReads.set(id, items);
		}
		return items;
	}
}

const sequencesOfRun = new WeakMap<RunScope, Map<string, RunSequence>>();
const itemSequence = new ItemMemory<{ sequence: RunSequence; index: number }>();

/** The run's sequence this item joined, if it takes its number from one. */
export const sequenceOfItem = (ctx: IExecuteSingleFunctions) => itemSequence.get(ctx);

/** Joins the run's sequence for the item's resource and pattern. Call before any await. */
export function joinSequence(ctx: IExecuteSingleFunctions, resource: GuardedResource): { sequence: RunSequence; index: number } {
	const pattern = readPattern(ctx);
	const scope = runScope(ctx);
	const byKey = sequencesOfRun.get(scope) ?? new Map<string, RunSequence>();
	sequencesOfRun.set(scope, byKey);
	const key = `${resource}\u0000${pattern.prefix}\u0000${pattern.digits}`;
	let sequence = byKey.get(key);
	if (!sequence) {
		sequence = new RunSequence(resource, pattern);
		byKey.set(key, sequence);
	}
	const entry = { sequence, index: ctx.getItemIndex() };
	sequence.join(entry.index);
	itemSequence.set(ctx, entry);
	return entry;
}

/**
 * The create of an item numbered by the sequence. `params` lack the number; an issue date not given is
 * today's in the workflow's time zone (`datedToday`), sent as such so that a re-run the same day matches it.
 * `compared`: what an existing document must hold (Create From Estimate leaves out the dates it chose).
 */
export async function sequencedCreate(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	joined: { sequence: RunSequence; index: number },
	params: ApiParams,
	ifExists: 'returnIdentical' | 'error' | 'create',
	compared: ApiParams = params,
): Promise<IHttpRequestOptions> {
	const { sequence, index } = joined;
	const resource = sequence.resource;
	let claimed = false;
	let handedOver = false;
	try {
		const dated: ApiParams = { ...params, issue_date: params.issue_date ?? todayIn(ctx.getTimezone()) };
		const wanted: ApiParams = compared === params ? dated : compared;
		const list = await recordsOfRun(ctx, runScope(ctx), options, resource);
		claimed = true;
		const verdict = await sequence.claim(ctx, options, index, list, contentOf(dated, wanted), ifExists !== 'create');
		const done = (record?: IDataObject) => sequence.settle(index, record);
		if (ifExists === 'error' && (verdict.kind === 'existing' || verdict.kind === 'sameAs')) {
			done();
			const which = verdict.kind === 'existing' ? `the ${resource} ${describeRecord(resource, verdict.record)}` : `item ${verdict.index + 1} of this run`;
			throw inputError(
				ctx,
				`Same client, issue date, line items and amounts as ${which}: not created again`,
				'Set "If Already Exists" to "Return Existing If Identical" or "Create Anyway".',
			);
		}
		if (verdict.kind === 'existing') {
			decide(ctx, { kind: 'existing', wanted, resource });
			done(verdict.record);
			return readInstead(options, resource, String(verdict.record.id));
		}
		if (verdict.kind === 'sameAs') {
			const record = await sequence.createdBy(verdict.index);
			done();
			if (!record) {
				throw inputError(
					ctx,
					`Same client, issue date and line items as item ${verdict.index + 1}, whose ${resource} was not created: not created for this item either`,
					`Fix item ${verdict.index + 1} and run again.`,
				);
			}
			decide(ctx, { kind: 'existing', wanted, resource });
			return readInstead(options, resource, String(record.id));
		}
		if (verdict.kind === 'none') {
			done();
			return options;
		}
		// settled with the record the answer added to the run's list, for a later identical row of this run
		const sentNumber = verdict.number;
		const request = withParams(ctx, resource, options, { client: dated.client, [numberKey(resource).api]: verdict.number, ...dated });
		decide(ctx, { kind: 'create', resource, list }, () => done(createdIn(resource, list, sentNumber)));
		handedOver = true;
		return request;
	} finally {
		// a row that failed here does not hold up the others (a create settles when its answer comes)
		if (!handedOver) {
			if (claimed) sequence.settle(index);
			else sequence.release(index);
		}
	}
}
