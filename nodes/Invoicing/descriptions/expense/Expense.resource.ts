import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, standardOperations } from '../common';

export const expenseOperations: INodeProperties = operationProperty(
	'expense',
	standardOperations('expense', { one: 'expense', many: 'expenses' }, {
		create: 'Record an expense: what, when, how much, in which currency',
		delete: 'Delete an expense permanently',
		get: 'Get an expense by ID',
		getAll: 'List expenses, optionally by date range, currency or vendor',
		update: 'Change an expense; fields left out keep their values',
	}),
);
