import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';
import type { RecordField, RecordKey } from './types';

/**
 * Shown under a By ID field holding a space, and in n8n's "node has issues" error when the workflow runs:
 * usually `{{ $json.id }}` typed while the field is still Fixed.
 */
export const ID_HAS_SPACES =
	'An ID has no spaces. To use a value from an earlier node, e.g. {{ $json.id }}, switch this field to Expression (hover over it: Fixed | Expression); otherwise remove the spaces.';

/**
 * Text that begins with `{{` and never closes it: an expression cut short, or typed while the field is still
 * Fixed. Refused in the fields that name a record (numbers, e-mails, names): sent, it would become a record's
 * number or name. `UNFINISHED_EXPRESSION_REGEX` matches every other value (a key mode's validation).
 */
export const UNFINISHED_EXPRESSION =
	'An expression begins with {{ and ends with }}. To use a value from an earlier node, e.g. {{ $json.invoice_no }}, switch this field to Expression (hover over it: Fixed | Expression) and close it with }}.';
export const UNFINISHED_EXPRESSION_REGEX = '^(?!\\s*\\{\\{(?![\\s\\S]*\\}\\}))[\\s\\S]*$';
export const isUnfinishedExpression = (value: unknown): value is string => typeof value === 'string' && !new RegExp(UNFINISHED_EXPRESSION_REGEX).test(value);

/** A client is also known by its e-mail: the "E-mail" mode of every client locator. */
export const CLIENT_KEY: RecordKey = {
	mode: 'email',
	fields: ['email'],
	noun: 'e-mail',
	placeholder: 'e.g. billing@acme.example',
	caseless: true,
	tellApart: [{ field: 'names', quoted: true }],
};

/** The resource every client locator picks (`documentClientLocator`, the trigger's Client filter). */
export const CLIENT_RESOURCE: Resource = 'client';

/** What tells an invoice or estimate from another with the same number: its client's name and id. */
export const DOCUMENT_TELL_APART: RecordKey['tellApart'] = [
	{ label: 'client', field: 'customer_name', quoted: true },
	{ label: 'id', field: 'customer_id' },
];

/**
 * The key modes as the editor names them: one short word, as the mode selector is narrow (92 px in n8n's editor:
 * "By Number" showed as "By Numt", "By E-mail" as "By E-ma").
 */
export const KEY_MODE_NAMES: Record<RecordKey['mode'], string> = { number: 'Number', email: 'E-mail' };

/** A record chosen from a searchable list, given by ID, or by its key (number, e-mail) when it has one. */
export function recordLocator(options: {
	name: string;
	displayName: string;
	searchMethod: string;
	required?: boolean;
	description?: string;
	key?: RecordKey;
}): INodeProperties {
	const key = options.key;
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
			...(key
				? [
						{
							displayName: KEY_MODE_NAMES[key.mode],
							name: key.mode,
							type: 'string' as const,
							placeholder: key.placeholder,
							validation: [{ type: 'regex' as const, properties: { regex: UNFINISHED_EXPRESSION_REGEX, errorMessage: UNFINISHED_EXPRESSION } }],
						},
					]
				: []),
		],
	};
}

/** The client an invoice or estimate is issued to (create, Update Fields, Get Many filter). */
export const documentClientLocator = (description: string, required = true): INodeProperties =>
	recordLocator({ name: 'client', displayName: 'Client', searchMethod: 'searchClients', description, required, key: CLIENT_KEY });

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

export const issueDateField: INodeProperties = dateField({ displayName: 'Issue Date', name: 'issueDate', description: 'The day the record is dated' });

/** Optional fields invoices and estimates share, in the order they are sent. */
export function documentRecordFields(): RecordField[] {
	return [
		{ editor: { displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What it is for, in a few words' }, api: 'description', kind: 'text', role: 'optional', clearable: true },
		{ editor: currencyField, api: 'currency', kind: 'currency', role: 'optional', requiredFrom: { version: 2, param: 'currencyCode' } },
		{
			editor: {
				displayName: 'Tax Rate (%)',
				name: 'taxRate',
				type: 'number',
				default: 0,
				typeOptions: { numberPrecision: 2 },
				description: 'Percent applied to the sub-total, e.g. 7.5',
			},
			api: 'tax_rate',
			kind: 'number',
			role: 'optional',
		},
		{ editor: issueDateField, api: 'issue_date', kind: 'date', role: 'optional' },
		{
			editor: dateField({
				displayName: 'Due Date',
				name: 'dueDate',
				hint: 'Only the day is sent (YYYY-MM-DD, in the workflow time zone); not before the issue date; left out of a create: due on the issue date',
			}),
			api: 'due_date',
			kind: 'date',
			role: 'optional',
		},
		{
			editor: { displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Footer note' },
			api: 'note',
			kind: 'text',
			role: 'optional',
			clearable: true,
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
