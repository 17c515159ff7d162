import type { INodeProperties } from 'n8n-workflow';

import { buildCreateRequest, buildUpdateRequest, insertRecordId } from '../../helpers/pre-send';
import { shapeAction, shapeList, shapeRecord } from '../../helpers/post-receive';
import { route } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { updateFields } from './update.operation';

export const expenseDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['expense'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an expense',
				description: 'Record an expense',
				routing: route('POST', '/expense/add', [buildCreateRequest('expense')], [shapeRecord('expense')]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an expense',
				description: 'Delete an expense',
				routing: route('DELETE', '/expense/{id}', [insertRecordId('expense')], [shapeAction('expense')]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an expense',
				description: 'Get an expense',
				routing: route('GET', '/expense/{id}', [insertRecordId('expense')], [shapeRecord('expense')]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many expenses',
				description: 'Get many expenses',
				routing: route('GET', '/expense/all', [], [shapeList('expense')]),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an expense',
				description: 'Update an expense',
				routing: route('PUT', '/expense/{id}', [buildUpdateRequest('expense')], [shapeRecord('expense')]),
			},
		],
		default: 'getAll',
	},
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
];
