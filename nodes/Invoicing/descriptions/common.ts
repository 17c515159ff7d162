import type { IHttpRequestMethods, INodeProperties, INodePropertyOptions, INodePropertyRouting } from 'n8n-workflow';

import { buildGuardedCreate, buildUpsertRequest } from '../helpers/guards/guarded-requests';
import type { GuardedResource } from '../helpers/guards/matching';
import { handleApiErrors, shapeDeleted, shapeFetched, shapeList, shapeRecord, shapeUpdated, shapeWrite, type PostReceive } from '../helpers/output/post-receive';
import { buildCreateRequest, buildUpdateRequest, insertRecordId, type PreSend } from '../helpers/request/pre-send';
import type { Resource } from '../../shared/api-types';

/**
 * Shows the properties for these resources and operations. n8n's declarative engine evaluates every
 * entry of `properties` for every item, so a parameter is declared once and lists every resource and
 * operation that uses it (the resource x operation product must hold only real pairs).
 */
export function showFor(resources: Resource[], operations: string[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, resource: resources, operation: operations },
		},
	}));
}

/** Routing of one operation: the request, then our preSend steps, then error handling before output shaping. */
export function route(
	method: IHttpRequestMethods,
	url: string,
	preSend: PreSend[],
	postReceive: PostReceive[],
): INodePropertyRouting {
	return {
		request: { method, url },
		// paginate: the request goes through requestOperations.pagination, which names transport failures
		send: { preSend, paginate: true },
		output: { postReceive: [handleApiErrors, ...postReceive] },
	};
}

/**
 * Shown under a By ID field holding a space, and in n8n's "node has issues" error when the workflow runs:
 * usually `{{ $json.id }}` typed while the field is still Fixed.
 */
export const ID_HAS_SPACES =
	'An ID has no spaces. To use a value from an earlier node, e.g. {{ $json.id }}, switch this field to Expression (hover over it: Fixed | Expression); otherwise remove the spaces.';

/** A record chosen from a searchable list or given by ID. */
export function recordLocator(options: {
	name: string;
	displayName: string;
	searchMethod: string;
	required?: boolean;
	description?: string;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1736935200000017',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\S+$', errorMessage: ID_HAS_SPACES },
					},
				],
			},
		],
	};
}

/** The client an invoice or estimate is issued to (create, Update Fields, Get Many filter). */
export const documentClientLocator = (description: string, required = true): INodeProperties =>
	recordLocator({ name: 'client', displayName: 'Client', searchMethod: 'searchClients', description, required });

export const currencyField: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	default: '',
	placeholder: 'e.g. USD',
	description: 'ISO 4217 code of three letters',
};

/**
 * A day, as the API takes it: the picker shows a calendar without time (n8n 2.x `dateOnly`; older editors show
 * date and time, whose time is ignored). Saved values with a time (ISO date-times, `{{ $now }}`) are still read.
 */
export function dateField(field: { displayName: string; name: string; description?: string; hint?: string }): INodeProperties {
	return {
		type: 'dateTime',
		default: '',
		typeOptions: { dateOnly: true },
		hint: 'Only the day is sent (YYYY-MM-DD, in the workflow time zone)',
		...field,
	};
}

export const issueDateField: INodeProperties = dateField({ displayName: 'Issue Date', name: 'issueDate' });

/** Optional fields invoices and estimates share. */
export function documentOptionalFields(): INodeProperties[] {
	return [
		currencyField,
		{ displayName: 'Description', name: 'description', type: 'string', default: '' },
		issueDateField,
		dateField({
			displayName: 'Due Date',
			name: 'dueDate',
			hint: 'Only the day is sent (YYYY-MM-DD, in the workflow time zone); not before the issue date',
		}),
		{ displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Footer note' },
		{
			displayName: 'Tax Rate (%)',
			name: 'taxRate',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0, numberPrecision: 2 },
			description: 'Percent applied to the sub-total, e.g. 7.5',
		},
	];
}

export const PAYMENT_STATUS_OPTIONS = [
	{ name: 'Not Paid', value: 'Not Paid' },
	{ name: 'Paid', value: 'Paid' },
];

export const ACCEPTED_OPTIONS = [
	{ name: 'Accepted', value: 'True' },
	{ name: 'Not Accepted', value: 'False' },
];

const isGuarded = (resource: Resource): resource is GuardedResource => resource !== 'expense';

/** Create: with the duplicate guard where the record has a key (every kind but expenses). */
function createRouting(resource: Resource): INodePropertyRouting {
	return isGuarded(resource)
		? route('POST', `/${resource}/add`, [buildGuardedCreate(resource)], [shapeWrite(resource)])
		: route('POST', `/${resource}/add`, [buildCreateRequest(resource)], [shapeRecord(resource)]);
}

/** Create or Update, matched on the record's key (see helpers/matching). */
export function upsertOperation(resource: GuardedResource, one: string, description: string): INodePropertyOptions {
	return {
		name: 'Create or Update',
		value: 'upsert',
		action: `Create or update ${one}`,
		description,
		routing: route('POST', `/${resource}/add`, [buildUpsertRequest(resource)], [shapeWrite(resource)]),
	};
}

/** The five operations every resource has, routed; `one` is "client", `many` is "clients". */
export function standardOperations(
	resource: Resource,
	names: { one: string; many: string },
	descriptions: { create: string; delete: string; get: string; getAll: string; update: string },
): INodePropertyOptions[] {
	return [
		{
			name: 'Create',
			value: 'create',
			action: `Create ${names.one}`,
			description: descriptions.create,
			routing: createRouting(resource),
		},
		{
			name: 'Delete',
			value: 'delete',
			action: `Delete ${names.one}`,
			description: descriptions.delete,
			routing: route('DELETE', `/${resource}/{id}`, [insertRecordId(resource)], [shapeDeleted(resource)]),
		},
		{
			name: 'Get',
			value: 'get',
			action: `Get ${names.one}`,
			description: descriptions.get,
			routing: route('GET', `/${resource}/{id}`, [insertRecordId(resource)], [shapeFetched(resource)]),
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${names.many}`,
			description: descriptions.getAll,
			routing: route('GET', `/${resource}/all`, [], [shapeList(resource)]),
		},
		{
			name: 'Update',
			value: 'update',
			action: `Update ${names.one}`,
			description: descriptions.update,
			routing: route('PUT', `/${resource}/{id}`, [buildUpdateRequest(resource)], [shapeUpdated(resource)]),
		},
	];
}

/** The Operation parameter of a resource; options sorted by name as n8n lists them. */
export function operationProperty(resource: Resource, options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: 'getAll',
	};
}
