import type { IDataObject } from 'n8n-workflow';

/**
 * The order in which the service made two records, as every execution that sees both can tell it the same way:
 * by the service's `created_at` ("YYYY-MM-DD HH:MM:SS", one clock: the service's), then, within one second, by
 * id. Service ids are long numeric strings the service hands out in order (a longer one is later, else the
 * larger): docs/design.md, "Twins across processes". The order the service lists records in is never relied on.
 */
const idOrder = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/** A listing without timestamps (or one record without) is ordered by id alone, the same way for every reader. */
export function createdBefore(a: IDataObject, b: IDataObject): boolean {
	const both = typeof a.created_at === 'string' && typeof b.created_at === 'string';
	const at = both ? String(a.created_at).localeCompare(String(b.created_at)) : 0;
	return at < 0 || (at === 0 && idOrder(String(a.id), String(b.id)) < 0);
}

/**
 * Whether every reader can tell which of two records the service made first from what it returns: different
 * `created_at`, else ids that are numbers (handed out in order). Two records of the same second whose ids are not
 * numbers have no order a reader can rely on: neither may be deleted as the later one.
 */
export function makingOrderKnown(a: IDataObject, b: IDataObject): boolean {
	const both = typeof a.created_at === 'string' && typeof b.created_at === 'string';
	if (both && a.created_at !== b.created_at) return true;
	return /^\d+$/.test(String(a.id)) && /^\d+$/.test(String(b.id)) && String(a.id) !== String(b.id);
}

/** Sorts records in the order the service made them. */
export const byMaking = (a: IDataObject, b: IDataObject) => (createdBefore(a, b) ? -1 : createdBefore(b, a) ? 1 : 0);

/**
 * Twins pair on the order the service made their documents, not on their counts: a 429 or a retry delays some of
 * one twin's creates past the other's look, and pairing only equal counts kept both
 * sets. Of `mine` and `others` (one content, in making order) the first `rows` made stay; each of mine after them
 * goes, in order, to the next of the others among them. Every reader sees a prefix of the same making order less
 * what was deleted beyond its twin's first `rows`, so twins with as many new rows keep the same documents
 * whichever looks first. Used only when the others are no more than `rows`: more would be another execution's
 * rows, whose count is unknown here.
 */
export function firstMadeStay(mine: IDataObject[], others: IDataObject[], rows: number, record: IDataObject): IDataObject | undefined {
	const ownIds = new Set(mine.map((made) => String(made.id)));
	const staying = [...mine, ...others].sort(byMaking).slice(0, rows);
	const stays = new Set(staying.map((doc) => String(doc.id)));
	const leaving = mine.filter((made) => !stays.has(String(made.id)));
	return staying.filter((doc) => !ownIds.has(String(doc.id)))[leaving.findIndex((made) => String(made.id) === String(record.id))];
}
