import { isDeepStrictEqual } from 'node:util';

import type { ScenarioId } from '../scenarios';

type Json = Record<string, unknown>;

/**
 * Fields a new or changed record gets from the service's clock or id source (they differ between two creates),
 * and the node's own `action` ("created"), which the HTTP chain has no counterpart for.
 */
const VOLATILE = new Set(['id', 'short_code', 'created_at', 'updated_at', 'date_created', 'date_modified', 'action']);

function stable(record: Json): Json {
	return Object.fromEntries(Object.entries(record).filter(([key]) => !VOLATILE.has(key)));
}

/** What the update scenario changes on the records the get scenario reads (a contender may read after another's update). */
const CHANGED_BY_UPDATE = new Set(['note', 'updated_at']);

/**
 * Whether two contenders gave the user the same items: reads equal but for what an update changes; writes equal
 * but for the record's id, code and timestamps.
 */
export function sameOutput(scenario: ScenarioId, a: Json[], b: Json[]): boolean {
	if (a.length !== b.length) return false;
	const reads = scenario === 'get1000' || scenario === 'getMany10000';
	const strip = (record: Json) => (reads ? Object.fromEntries(Object.entries(record).filter(([key]) => !CHANGED_BY_UPDATE.has(key))) : stable(record));
	return a.every((item, index) => isDeepStrictEqual(strip(item), strip(b[index])));
}

/** Where two contenders' first items differ: the keys one has and the other lacks or holds otherwise (for the log). */
export function outputDifference(scenario: ScenarioId, a: Json[], b: Json[]): string {
	if (a.length !== b.length) return `${a.length} items against ${b.length}`;
	const index = a.findIndex((item, i) => !sameOutput(scenario, [item], [b[i]]));
	if (index < 0) return 'none';
	const [left, right] = [a[index], b[index]];
	const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter((key) => !VOLATILE.has(key) && !isDeepStrictEqual(left[key], right[key]));
	return `item ${index}: ${keys.map((key) => `${key} ${JSON.stringify(left[key])} against ${JSON.stringify(right[key])}`).join('; ')}`;
}
