import { isDeepStrictEqual } from 'node:util';

import type { ScenarioId } from '../scenarios';

type Json = Record<string, unknown>;

/** Fields a new or changed record gets from the service's clock or id source: they differ between two creates. */
const VOLATILE = new Set(['id', 'short_code', 'created_at', 'updated_at', 'date_created', 'date_modified']);

function stable(record: Json): Json {
	return Object.fromEntries(Object.entries(record).filter(([key]) => !VOLATILE.has(key)));
}

/**
 * Whether two contenders gave the user the same items: exactly equal for reads; for writes equal but for the
 * record's id, code and timestamps.
 */
export function sameOutput(scenario: ScenarioId, a: Json[], b: Json[]): boolean {
	if (a.length !== b.length) return false;
	const reads = scenario === 'get1000' || scenario === 'getMany10000';
	return a.every((item, index) => (reads ? isDeepStrictEqual(item, b[index]) : isDeepStrictEqual(stable(item), stable(b[index]))));
}
