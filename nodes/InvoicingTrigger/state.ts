import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../shared/api-types';
import { SPEC_OF } from '../Invoicing/resources/resources';
import { RESOURCE_ORDER } from './events';
import { markKindOf } from './fingerprint';
import { packRecords, unpackRecords, type SeenRecords } from './packed-records';

export type { SeenRecords } from './packed-records';

/**
 * What the trigger remembers between polls, per resource it polls: only the records of the latest list, so its
 * size follows the number of records in the service, never the time the workflow has been running.
 */
export type TriggerState = Partial<Record<Resource, SeenRecords>>;

/**
 * Where the state is kept. Version 0.1.0 kept `seen` (resource -> id -> fingerprint, about 28 bytes a record);
 * `state` keeps the same records packed (packed-records.ts), `format` naming the packing. A state in the old place
 * is read as it is and written back packed, so moving to the packing fires no event twice.
 */
const OLD_KEY = 'seen';
const STATE_KEY = 'state';
const FORMAT = 2;

/** As stored: the packed text per resource, and the records that do not pack (absent when there are none). */
interface StoredState {
	format: number;
	packed: Partial<Record<Resource, string>>;
	other?: Partial<Record<Resource, SeenRecords>>;
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function isSeenRecords(value: unknown): value is SeenRecords {
	return isObject(value) && Object.values(value).every((fingerprint) => typeof fingerprint === 'string');
}

const kindOf = (resource: Resource) => markKindOf(SPEC_OF[resource].trigger);

function readOld(stored: IDataObject): TriggerState {
	const state: TriggerState = {};
	for (const resource of RESOURCE_ORDER) {
		const seen = stored[resource];
		if (isSeenRecords(seen)) state[resource] = seen;
	}
	return state;
}

function readPacked(stored: IDataObject): TriggerState {
	const state: TriggerState = {};
	const packed = isObject(stored.packed) ? stored.packed : {};
	const other = isObject(stored.other) ? stored.other : {};
	for (const resource of RESOURCE_ORDER) {
		const text = packed[resource];
		const rest = other[resource] ?? {};
		if (typeof text !== 'string' || !isSeenRecords(rest)) continue;
		try {
			state[resource] = unpackRecords(kindOf(resource), { packed: text, other: rest });
		} catch {
			// unreadable: this resource starts a new baseline
		}
	}
	return state;
}

/** The state in the node's static data; anything unreadable counts as absent (a new baseline, never a flood). */
export function readState(staticData: IDataObject): TriggerState {
	const stored = staticData[STATE_KEY];
	if (isObject(stored) && stored.format === FORMAT) return readPacked(stored);
	const old = staticData[OLD_KEY];
	return isObject(old) ? readOld(old) : {};
}

/** Replaces the whole state (one assignment, so n8n notices the change and saves it with the emitted items). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	const stored: StoredState = { format: FORMAT, packed: {} };
	for (const resource of RESOURCE_ORDER) {
		const seen = state[resource];
		if (seen === undefined) continue;
		const { packed, other } = packRecords(kindOf(resource), seen);
		stored.packed[resource] = packed;
		if (Object.keys(other).length > 0) stored.other = { ...stored.other, [resource]: other };
	}
	staticData[STATE_KEY] = stored as unknown as IDataObject;
	delete staticData[OLD_KEY];
}
