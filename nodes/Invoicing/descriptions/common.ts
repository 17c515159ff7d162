import type { IHttpRequestMethods, INodeProperties, INodePropertyOptions, INodePropertyRouting } from 'n8n-workflow';

import { handleApiErrors, shapeAction, shapeList, shapeRecord, type PostReceive } from '../helpers/post-receive';
import { buildCreateRequest, buildUpdateRequest, checkBaseUrl, insertRecordId, type PreSend } from '../helpers/pre-send';
import type { Resource } from '../helpers/types';

/** Shows the properties only for this resource and these operations. */
export function showFor(resource: Resource, operations: string[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, resource: [resource], operation: operations },
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
		send: { preSend: [checkBaseUrl, ...preSend] },
		output: { postReceive: [handleApiErrors, ...postReceive] },
	};
}

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
						properties: { regex: '^\\S+$', errorMessage: 'The ID has no spaces' },
					},
				],
			},
		],
	};
}

export const clientLocator = (description: string): INodeProperties =>
	recordLocator({ name: 'clientId', displayName: 'Client', searchMethod: 'searchClients', description });

const DEFINE_MODE = { name: 'Define Below', value: 'define', description: 'Enter each line item in the node' };
const JSON_MODE = { name: 'Using JSON', value: 'json', description: 'An array of {description, quantity, rate}, e.g. from an expression' };

const itemsModeOnCreate: INodeProperties = {
	displayName: 'Line Items',
	name: 'itemsMode',
	type: 'options',
	options: [DEFINE_MODE, JSON_MODE],
	default: 'define',
	description: 'How to give the line items',
};

const itemsModeOnUpdate: INodeProperties = {
	displayName: 'Line Items',
	name: 'itemsMode',
	type: 'options',
	options: [DEFINE_MODE, { name: 'Keep Current Items', value: 'keep', description: 'Leave the line items as they are' }, JSON_MODE],
	default: 'keep',
	description: 'Whether to replace all line items, and how to give the new ones',
};

/** Line items: rows defined in the node, or a JSON array from an expression (sheet rows, an AI step's output). */
export function lineItemFields(forUpdate: boolean): INodeProperties[] {
	return [
		forUpdate ? itemsModeOnUpdate : itemsModeOnCreate,
		{
			displayName: 'Items',
			name: 'items',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Line Item',
			default: {},
			displayOptions: { show: { itemsMode: ['define'] } },
			options: [
				{
					displayName: 'Line Item',
					name: 'item',
					values: [
						{ displayName: 'Description', name: 'description', type: 'string', default: '', required: true },
						{ displayName: 'Quantity', name: 'quantity', type: 'number', default: 1, typeOptions: { minValue: 0 } },
						{
							displayName: 'Rate',
							name: 'rate',
							type: 'number',
							default: 0,
							typeOptions: { minValue: 0, numberPrecision: 2 },
							description: 'Unit price',
						},
					],
				},
			],
		},
		{
			displayName: 'Items (JSON)',
			name: 'itemsJson',
			type: 'json',
			default: '[\n  {\n    "description": "Consulting",\n    "quantity": 1,\n    "rate": 100\n  }\n]',
			displayOptions: { show: { itemsMode: ['json'] } },
			description: 'Array of {description, quantity, rate}; an expression may give the array directly',
		},
	];
}

export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

export const currencyField: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	default: '',
	placeholder: 'e.g. USD',
	description: 'ISO 4217 code of three capital letters',
};

/** Optional fields invoices and estimates share (sorted by display name, as n8n lists collection options). */
export function documentOptionalFields(): INodeProperties[] {
	return [
		currencyField,
		{ displayName: 'Description', name: 'description', type: 'string', default: '' },
		{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', description: 'Sent as YYYY-MM-DD in the workflow time zone' },
		{ displayName: 'Issue Date', name: 'issueDate', type: 'dateTime', default: '', description: 'Sent as YYYY-MM-DD in the workflow time zone' },
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

/** The five operations every resource has, routed; `one` is "a client", `many` is "clients". */
export function standardOperations(
	resource: Resource,
	names: { one: string; many: string },
	descriptions: { create?: string; get?: string; getAll?: string; update?: string } = {},
): INodePropertyOptions[] {
	const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
	return [
		{
			name: 'Create',
			value: 'create',
			action: `Create ${names.one}`,
			description: descriptions.create ?? `Create ${names.one}`,
			routing: route('POST', `/${resource}/add`, [buildCreateRequest(resource)], [shapeRecord(resource)]),
		},
		{
			name: 'Delete',
			value: 'delete',
			action: `Delete ${names.one}`,
			description: `Delete ${names.one}`,
			routing: route('DELETE', `/${resource}/{id}`, [insertRecordId(resource)], [shapeAction(resource)]),
		},
		{
			name: 'Get',
			value: 'get',
			action: `Get ${names.one}`,
			description: descriptions.get ?? `Get ${names.one}`,
			routing: route('GET', `/${resource}/{id}`, [insertRecordId(resource)], [shapeRecord(resource)]),
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${names.many}`,
			description: descriptions.getAll ?? capital(`get many ${names.many}`),
			routing: route('GET', `/${resource}/all`, [], [shapeList(resource)]),
		},
		{
			name: 'Update',
			value: 'update',
			action: `Update ${names.one}`,
			description: descriptions.update ?? `Update ${names.one}`,
			routing: route('PUT', `/${resource}/{id}`, [buildUpdateRequest(resource)], [shapeRecord(resource)]),
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

/** Get Many: Return All / Limit, then the filters the node applies after the one fetch. */
export function getManyFields(resource: Resource, filters: INodeProperties[]): INodeProperties[] {
	return showFor(resource, ['getAll'], [
		...returnAllAndLimit(),
		{ displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options: filters },
	]);
}

/** Update Fields: only what is set here is sent. */
export function updateFieldsCollection(fields: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields set here change; the others keep their values',
		options: [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}
