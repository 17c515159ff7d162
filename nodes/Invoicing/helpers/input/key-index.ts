import type { IDataObject } from 'n8n-workflow';

/** A list's records by key, and how many of the list's records it holds. */
interface KeyIndex {
	seen: number;
	byKey: Map<string, IDataObject[]>;
}

const indexes = new WeakMap<IDataObject[], KeyIndex>();

/**
 * The records of `list` whose key is `wanted`. The index is built once per list and extended by the records added
 * since (a run's list only grows: the guards push what they create). Each record's key is read once and the record
 * appended to its group in place, so the time grows with the list, not with its square: half the clients of a book
 * without an e-mail make one group of thousands.
 */
export function recordsWithKey(list: IDataObject[], keyOf: (record: IDataObject) => string, wanted: string): readonly IDataObject[] {
	let index = indexes.get(list);
	if (!index || index.seen > list.length) {
		index = { seen: 0, byKey: new Map() };
		indexes.set(list, index);
	}
	for (; index.seen < list.length; index.seen++) {
		const record = list[index.seen];
		const key = keyOf(record);
		const group = index.byKey.get(key);
		if (group) group.push(record);
		else index.byKey.set(key, [record]);
	}
	return index.byKey.get(wanted) ?? [];
}
