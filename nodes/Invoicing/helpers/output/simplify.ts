import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../../../shared/api-types';
import { SPEC_OF } from '../../resources/resources';

/** The fields a user acts on, per record kind: what Simplify keeps (n8n's guideline for records over 10 fields). */
export const SIMPLE_FIELDS: Partial<Record<Resource, string[]>> = Object.fromEntries(
	Object.values(SPEC_OF)
		.filter((spec) => spec.simpleFields !== undefined)
		.map((spec) => [spec.value, spec.simpleFields]),
);

/** The fields of SIMPLE_FIELDS, amounts as the service sends them. */
export function simplifyRecord(resource: Resource, record: IDataObject): IDataObject {
	const fields = SIMPLE_FIELDS[resource];
	if (!fields) return record;
	const simple: IDataObject = {};
	for (const field of fields) if (field in record) simple[field] = record[field];
	return simple;
}
