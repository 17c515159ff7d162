import type { INodeProperties } from 'n8n-workflow';

import { sharedCollection, type OptionsByResource } from './collections';
import { operationsOf, resourcesWith } from '../resources/queries';
import type { RecordField, ResourceSpec } from '../resources/types';
import { inVersions, versionsBefore } from '../resources/versions';

const optionsOf = (specs: readonly ResourceSpec[], pick: (spec: ResourceSpec) => INodeProperties[]): OptionsByResource =>
	Object.fromEntries(specs.map((spec) => [spec.value, pick(spec)]));

/** A required field as a top-level parameter of a create form. */
export const requiredParameter = (field: RecordField): INodeProperties => ({
	...field.editor,
	required: true,
	// Next in Sequence chooses the number (Numbering is not shown where there is none: the field shows)
	...(field.numbered ? { displayOptions: { ...field.editor.displayOptions, hide: { numbering: ['next'] } } } : {}),
});

function clearOption(field: RecordField): INodeProperties {
	const name = field.editor.name;
	return {
		displayName: name.charAt(0).toUpperCase() + name.slice(1),
		name,
		type: 'boolean',
		default: true,
		description: `Whether to empty the ${name}`,
	};
}

/** Additional Fields of every create form: the optional fields, only what the user adds is sent. */
export function additionalFieldsCollection(specs: readonly ResourceSpec[]): INodeProperties {
	const creating = resourcesWith(specs, 'create');
	return sharedCollection(
		{ displayName: 'Additional Fields', name: 'additionalFields', placeholder: 'Add Field' },
		operationsOf(creating, ['create']),
		optionsOf(creating, (spec) =>
			spec.fields
				.filter((field) => field.role === 'optional')
				// a field required from a version on is a top-level parameter there (descriptions/index.ts)
				.map((field) => (field.requiredFrom ? inVersions(versionsBefore(field.requiredFrom.version), field.editor) : field.editor)),
		),
	);
}

/** Update Fields of every Update: every field of the record, only the fields set here change. */
export function updateFieldsCollection(specs: readonly ResourceSpec[]): INodeProperties {
	const updating = resourcesWith(specs, 'update');
	return sharedCollection(
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			placeholder: 'Add Field',
			description: 'Only the fields set here change; the others keep their values',
		},
		operationsOf(updating, ['update']),
		optionsOf(updating, (spec) => spec.fields.map((field) => field.editor)),
	);
}

/** Fields to Clear: optional text fields an update empties (an empty value under Update Fields is refused). */
export function clearFieldsCollection(specs: readonly ResourceSpec[]): INodeProperties {
	const updating = resourcesWith(specs, 'update').filter((spec) => spec.fields.some((field) => field.clearable));
	return sharedCollection(
		{
			displayName: 'Fields to Clear',
			name: 'clearFields',
			placeholder: 'Add Field to Clear',
			description: 'Optional fields to empty on the service (a field left empty under Update Fields is refused, not taken for a clear)',
		},
		operationsOf(updating, ['update']),
		optionsOf(updating, (spec) => spec.fields.filter((field) => field.clearable).map(clearOption)),
	);
}
