import type { IDataObject } from 'n8n-workflow';

import type { ApiParams, LineItem } from '../../../../shared/api-types';
import { matchOf, type GuardedResource } from './matching';
import { sequenceOf, storedNumber, type NumberPattern } from './number-pattern';
import { carriesKey, withoutKeyLine, type RerunKey } from './rerun-key';

/**
 * Next in Sequence's duplicate guard: a number the node chose cannot say which row a document belongs to, so a
 * row's document is recognised by its content.
 */

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** The sub-total the service computes for these items, in cents (as it rounds: the sum, then to cents). */
const subTotalCents = (items: LineItem[]) => Math.round(items.reduce((sum, item) => sum + Number(item.quantity) * Number(item.rate), 0) * 100 + 1e-7);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/**
 * What names a row's document whatever else it holds: the Re-Run Key the user gave (rerun-key), or the estimate it
 * comes from (Create From Estimate: the description that names it, `Estimate EST-12`).
 */
export type DocumentKey = ({ by: 'key' } & RerunKey) | { by: 'estimate'; description: string };

/** What a re-run was recognised by: the output's `matched_by`. */
export type MatchedBy = 'key' | 'estimate' | 'content';

/**
 * What this row's document is, for a match: client, issue date (when part of the row), line items, tax rate,
 * currency, and the description when it names where the document comes from (Create From Estimate). With a
 * `key`, the client and the key alone.
 */
export interface Content {
	client: string;
	issueDate?: string;
	description?: string;
	/** Also a document without a description (one made before the description named its estimate). */
	orNoDescription?: boolean;
	items: LineItem[];
	taxRate?: number;
	currency?: string;
	key?: DocumentKey;
}

export const matchedBy = (content: Content): MatchedBy => content.key?.by ?? 'content';

function sameKey(a: DocumentKey | undefined, b: DocumentKey | undefined): boolean {
	if (a === undefined || b === undefined) return a === b;
	if (a.by === 'key') return b.by === 'key' && a.field === b.field && a.value === b.value;
	return b.by !== 'key' && a.description === b.description;
}

/** Whether a document carries the key: the key line in its field, or a description naming the estimate (a key line after it aside). */
export const holdsKey = (key: DocumentKey, record: IDataObject): boolean =>
	key.by === 'key' ? carriesKey(record, key) : withoutKeyLine(record.description) === key.description;

export const contentOf = (params: ApiParams, compared: ApiParams, orNoDescription = false): Content => ({
	orNoDescription,
	client: text(params.client),
	issueDate: compared.issue_date === undefined ? undefined : text(compared.issue_date),
	description: compared.description === undefined ? undefined : text(compared.description),
	items: (params.items ?? []) as LineItem[],
	taxRate: params.tax_rate === undefined ? undefined : Number(params.tax_rate),
	currency: params.currency === undefined ? undefined : text(params.currency).toUpperCase(),
});

export const sameItems = (a: LineItem[], b: LineItem[]) =>
	a.length === b.length &&
	a.every((item, i) => text(item.description) === text(b[i].description) && Number(item.quantity) === Number(b[i].quantity) && cents(item.rate) === cents(b[i].rate));

/** Two rows that make the same document (a row and the write of an earlier run that got no answer). */
export const sameContent = (a: Content, b: Content) =>
	a.client === b.client &&
	sameKey(a.key, b.key) &&
	(a.key !== undefined || sameUnkeyed(a, b));

const sameUnkeyed = (a: Content, b: Content) =>
	a.issueDate === b.issueDate &&
	a.description === b.description &&
	a.currency === b.currency &&
	cents(a.taxRate ?? 0) === cents(b.taxRate ?? 0) &&
	sameItems(a.items, b.items);

/**
 * A document of the service that may be this row's: same client, the same issue date (when the row has one),
 * the same sub-total and tax rate, the same currency when the row sets one, and a number of the sequence. List
 * entries carry amounts, not line items: a read of the document compares those.
 */
export function listedMatch(resource: GuardedResource, pattern: NumberPattern, content: Content, record: IDataObject): boolean {
	const owner = matchOf(resource).owner;
	if (owner === undefined || text(record[owner.stored]) !== content.client) return false;
	if (sequenceOf(pattern, storedNumber(resource, record)) === undefined) return false;
	if (content.key !== undefined) return holdsKey(content.key, record);
	if (content.issueDate !== undefined && text(record.issue_date) !== content.issueDate) return false;
	if (content.currency !== undefined && text(record.currency).toUpperCase() !== content.currency) return false;
	if (content.description !== undefined && text(record.description) !== content.description) return false;
	return cents(record.sub_total) === subTotalCents(content.items) && cents(record.tax_rate) === cents(content.taxRate ?? 0);
}

