import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../shared/api-types';
import { RESOURCE_ORDER } from './events';

/** Record id -> compact fingerprint of what the events depend on (see fingerprint.ts). */
export type SeenRecords = Record<string, string>;

/**
 * What the trigger remembers between polls, per resource it polls: only the ids of the latest list, so its size
 * follows the number of records in the service, never the time the workflow has been running.
 */
export type TriggerState = Partial<Record<Resource, SeenRecords>>;

const STATE_KEY = 'seen';

function isSeenRecords(value: unknown): value is SeenRecords {
	return (
		typeof value === 'object' &&
		value !== null &&
		!Array.isArray(value) &&
		Object.values(value).every((fingerprint) => typeof fingerprint === 'string')
	);
}

/** The state in the node's static data; anything unreadable counts as absent (a new baseline, never a flood). */
export function readState(staticData: IDataObject): TriggerState {
	const stored = staticData[STATE_KEY];
	const state: TriggerState = {};
	if (typeof stored !== 'object' || stored === null) return state;
	for (const resource of RESOURCE_ORDER) {
		const seen = (stored as IDataObject)[resource];
		if (isSeenRecords(seen)) state[resource] = seen;
	}
	return state;
}

/** Replaces the whole state (one assignment, so n8n notices the change and saves it with the emitted items). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData[STATE_KEY] = state as IDataObject;
}
