import type { Resource } from '../../../shared/api-types';
import { SPEC_OF } from '../../resources/resources';
import type { FieldKind, RecordField, ResourceSpec } from '../../resources/types';
import type { NodeVersion } from '../../resources/versions';

export type { FieldKind };

/** One input of the API as the request builders read it: its node parameter, its API name, its label, its kind. */
export interface FieldSpec {
	param: string;
	api: string;
	label: string;
	kind: FieldKind;
	/** A locator field: the resource whose record it picks. */
	picks?: Resource;
}

export const toFieldSpec = (field: RecordField): FieldSpec => ({
	param: field.editor.name,
	api: field.api,
	label: field.editor.displayName,
	kind: field.kind,
	picks: field.picks,
});

export interface ResourceFields {
	/** Required on create: top-level parameters. */
	required: FieldSpec[];
	/** Optional on create (Additional Fields); on update every field is optional (Update Fields). */
	optional: FieldSpec[];
	/** Whether the record carries line items. */
	hasItems: boolean;
}

const perResource = <T>(derive: (spec: ResourceSpec) => T): Record<Resource, T> =>
	Object.fromEntries(Object.entries(SPEC_OF).map(([resource, spec]) => [resource, derive(spec)])) as Record<Resource, T>;

/** The API mapping of every resource, derived from the resource specs. */
export const RESOURCE_FIELDS: Record<Resource, ResourceFields> = perResource((spec) => ({
	required: spec.fields.filter((field) => field.role === 'required').map(toFieldSpec),
	optional: spec.fields.filter((field) => field.role === 'optional').map(toFieldSpec),
	hasItems: spec.lineItems,
}));

/**
 * What a create of this node version reads: version 1's `RESOURCE_FIELDS`, or with the fields required from a
 * later version (`requiredFrom`) moved from Additional Fields to the required top-level parameters (their own names).
 */
export function createFields(resource: Resource, version: NodeVersion): ResourceFields {
	const fields = RESOURCE_FIELDS[resource];
	const moved = SPEC_OF[resource].fields.filter((field) => field.requiredFrom !== undefined && version >= field.requiredFrom.version);
	if (moved.length === 0) return fields;
	const names = new Set(moved.map((field) => field.editor.name));
	return {
		...fields,
		required: [...fields.required, ...moved.map((field) => ({ ...toFieldSpec(field), param: field.requiredFrom?.param ?? field.editor.name }))],
		optional: fields.optional.filter((spec) => !names.has(spec.param)),
	};
}

/** Optional text fields an update may empty ("Fields to Clear"): sent as an empty value. */
export const CLEARABLE: Record<Resource, FieldSpec[]> = perResource((spec) => spec.fields.filter((field) => field.clearable).map(toFieldSpec));

/**
 * What the API needs on update but the user may leave out, and where the current record keeps it:
 * e.g. an invoice's `client` is the `customer_id` of GET /invoice/{id}.
 */
export const REQUIRED_ON_UPDATE: Record<Resource, { envelope: string; from: Record<string, string> }> = perResource((spec) => ({
	envelope: spec.envelope,
	from: Object.fromEntries(spec.fields.filter((field) => field.role === 'required').map((field) => [field.api, field.stored ?? field.api])),
}));

/** The record locator's parameter and label of each resource. */
export const RECORD_ID: Record<Resource, { param: string; label: string }> = perResource(({ record }) => ({ param: record.param, label: record.label }));

/** Where a resource's fields travel: the query string or a bracket-notation form body. */
export const ENCODING: Record<Resource, 'query' | 'form'> = perResource((spec) => spec.encoding);

/** The key of a get, create or update answer that holds the record. */
export const ENVELOPE: Record<Resource, string> = perResource((spec) => spec.envelope);
