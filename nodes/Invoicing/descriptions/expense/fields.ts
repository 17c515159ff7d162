import type { INodeProperties } from 'n8n-workflow';

import { currencyField } from '../common';

/** The expense's inputs; required on create, all optional under Update Fields. */
export const expenseRequiredFields: INodeProperties[] = [
	{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	{
		displayName: 'Issue Date',
		name: 'issueDate',
		type: 'dateTime',
		default: '',
		description: 'Date of the expense, sent as YYYY-MM-DD in the workflow time zone',
	},
	{ displayName: 'Amount', name: 'amount', type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 2 } },
	currencyField,
];

export const vendorField: INodeProperties = {
	displayName: 'Vendor',
	name: 'vendor',
	type: 'string',
	default: '',
	description: 'Who was paid',
};
