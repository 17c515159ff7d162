import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { expenseRequiredFields, vendorField } from './fields';
import { expenseLocator } from './get.operation';

export const updateFields: INodeProperties[] = showFor('expense', ['update'], [
	expenseLocator('The expense to update'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields set here change; the others keep their values',
		options: [...expenseRequiredFields, vendorField].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
]);
