import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, standardOperations } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { updateFields } from './update.operation';

export const clientDescription: INodeProperties[] = [
	operationProperty('client', standardOperations('client', { one: 'a client', many: 'clients' }, { get: 'Get a client with its invoices and estimates' })),
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
];
