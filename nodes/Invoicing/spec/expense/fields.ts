import type { INodeProperties } from 'n8n-workflow';

import { dateField } from '../common-fields';

export const amountField: INodeProperties = {
	displayName: 'Amount',
	name: 'amount',
	type: 'number',
	default: 0,
	typeOptions: { minValue: 0, numberPrecision: 2 },
};

export const expenseDescriptionField: INodeProperties = { displayName: 'Description', name: 'description', type: 'string', default: '' };

export const vendorField: INodeProperties = {
	displayName: 'Vendor',
	name: 'vendor',
	type: 'string',
	default: '',
	description: 'Who was paid',
};

export const expenseFilters: INodeProperties[] = [
	{ displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'e.g. USD', description: 'Only expenses in this currency' },
	dateField({ displayName: 'Issued After', name: 'issueDateFrom', description: 'Only records issued on or after this date' }),
	dateField({ displayName: 'Issued Before', name: 'issueDateTo', description: 'Only records issued on or before this date' }),
	{ displayName: 'Vendor', name: 'vendor', type: 'string', default: '', description: 'Only expenses whose vendor contains this text' },
];
