import type { INodeProperties } from 'n8n-workflow';

import { showFor, updateFieldsCollection } from '../common';
import { expenseRequiredFields, vendorField } from './fields';
import { expenseLocator } from './get.operation';

export const updateFields: INodeProperties[] = showFor('expense', ['update'], [
	expenseLocator('The expense to update'),
	updateFieldsCollection([...expenseRequiredFields, vendorField]),
]);
