import type { INodeProperties } from 'n8n-workflow';

import { dateField } from '../common-fields';
import type { FilterSpec } from '../types';

export const amountField: INodeProperties = {
	displayName: 'Amount',
	name: 'amount',
	type: 'number',
	default: 0,
	typeOptions: { numberPrecision: 2 },
	description: 'What the expense cost, in its currency',
};

export const expenseDescriptionField: INodeProperties = { displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What it is for, in a few words' };

export const vendorField: INodeProperties = {
	displayName: 'Vendor',
	name: 'vendor',
	type: 'string',
	default: '',
	description: 'Who was paid',
};

export const expenseFilters: FilterSpec[] = [
	{
		editor: { displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'e.g. USD', description: 'Only expenses in this currency' },
		test: { kind: 'sameCode', field: 'currency' },
	},
	{
		editor: dateField({ displayName: 'Issued After', name: 'issueDateFrom', description: 'Only records issued on or after this date' }),
		test: { kind: 'from', field: 'issued_date' },
	},
	{
		editor: dateField({ displayName: 'Issued Before', name: 'issueDateTo', description: 'Only records issued on or before this date' }),
		test: { kind: 'to', field: 'issued_date' },
	},
	{
		editor: { displayName: 'Vendor', name: 'vendor', type: 'string', default: '', description: 'Only expenses whose vendor contains this text' },
		test: { kind: 'contains', fields: ['vendor'], trim: true },
	},
];
