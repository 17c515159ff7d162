import type { IDataObject } from 'n8n-workflow';

/**
 * The order in which the service made two records, as every execution that sees both can tell it the same way:
 * by the service's `created_at` ("YYYY-MM-DD HH:MM:SS", one clock: the service's), then, within one second, by
 * id. Service ids are long numeric strings the service hands out in order (a longer one is later, else the
 * larger): docs/design.md, "Twin creates". The order the service lists records in is never relied on.
 */
const idOrder = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/** A listing without timestamps (or one record without) is ordered by id alone, the same way for every reader. */
export function createdBefore(a: IDataObject, b: IDataObject): boolean {
	const both = typeof a.created_at === 'string' && typeof b.created_at === 'string';
	const at = both ? String(a.created_at).localeCompare(String(b.created_at)) : 0;
	return at < 0 || (at === 0 && idOrder(String(a.id), String(b.id)) < 0);
}
