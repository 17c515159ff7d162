import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { expenseRequiredFields, vendorField } from './fields';

export const createFields: INodeProperties[] = showFor('expense', ['create'], [
	...expenseRequiredFields.map((field) => ({ ...field, required: true })),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [vendorField],
	},
]);
