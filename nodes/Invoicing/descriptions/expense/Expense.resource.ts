import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, standardOperations } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { updateFields } from './update.operation';

export const expenseDescription: INodeProperties[] = [
	operationProperty('expense', standardOperations('expense', { one: 'an expense', many: 'expenses' }, { create: 'Record an expense' })),
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
];
