import type { INodeProperties } from 'n8n-workflow';

import { buildCreateRequest, buildUpdateRequest, insertRecordId } from '../../helpers/pre-send';
import { shapeAction, shapeList, shapeRecord } from '../../helpers/post-receive';
import { route } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { updateFields } from './update.operation';

export const clientDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['client'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a client',
				description: 'Create a client',
				routing: route('POST', '/client/add', [buildCreateRequest('client')], [shapeRecord('client')]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a client',
				description: 'Delete a client',
				routing: route('DELETE', '/client/{id}', [insertRecordId('client')], [shapeAction('client')]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a client',
				description: 'Get a client with its invoices and estimates',
				routing: route('GET', '/client/{id}', [insertRecordId('client')], [shapeRecord('client')]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many clients',
				description: 'Get many clients',
				routing: route('GET', '/client/all', [], [shapeList('client')]),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a client',
				description: 'Update a client',
				routing: route('PUT', '/client/{id}', [buildUpdateRequest('client')], [shapeRecord('client')]),
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
