import type { INodeProperties } from 'n8n-workflow';

import { KEY_MODE_NAMES, recordLocator } from '../resources/common-fields';
import { showFor } from './declare-once';
import type { RecordKey, ResourceSpec } from '../resources/types';

/** Where an ID comes from, for people and AI agents alike. */
const ID_HINT = (record: string, key?: RecordKey) =>
	`The ${record}: pick it from the list, give its ID ("id" in the output of Create, Get or Get Many)${key ? `, or its ${key.noun} (mode ${KEY_MODE_NAMES[key.mode]})` : ''}`;

/** The record each operation `onRecord` acts on: one locator per resource. */
export function recordLocators(specs: readonly ResourceSpec[]): INodeProperties[] {
	return specs.flatMap((spec) => {
		const operations = spec.operations.filter((operation) => operation.onRecord).map((operation) => operation.value);
		if (operations.length === 0) return [];
		const { param, label, searchMethod, key } = spec.record;
		return showFor([spec.value], operations, [
			recordLocator({ name: param, displayName: label, searchMethod, key, description: ID_HINT(spec.displayName.toLowerCase(), key) }),
		]);
	});
}
