import type { INodeProperties } from 'n8n-workflow';

import { buildCreateRequest, buildSendRequest, buildUpdateRequest, insertRecordId } from '../../helpers/pre-send';
import { shapeAction, shapeList, shapeRecord } from '../../helpers/post-receive';
import { route } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { sendFields } from './send.operation';
import { updateFields } from './update.operation';

export const estimateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['estimate'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an estimate',
				description: 'Create an estimate with line items',
				routing: route('POST', '/estimate/add', [buildCreateRequest('estimate')], [shapeRecord('estimate')]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an estimate',
				description: 'Delete an estimate',
				routing: route('DELETE', '/estimate/{id}', [insertRecordId('estimate')], [shapeAction('estimate')]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an estimate',
				description: 'Get an estimate with its items and send log',
				routing: route('GET', '/estimate/{id}', [insertRecordId('estimate')], [shapeRecord('estimate')]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many estimates',
				description: 'Get many estimates',
				routing: route('GET', '/estimate/all', [], [shapeList('estimate')]),
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send an estimate',
				description: 'Send an estimate by email',
				routing: route('POST', '/estimate/send', [buildSendRequest('estimate')], [shapeAction('estimate')]),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an estimate',
				description: 'Update an estimate (set Accepted to accept it)',
				routing: route('PUT', '/estimate/{id}', [buildUpdateRequest('estimate')], [shapeRecord('estimate')]),
			},
		],
		default: 'getAll',
	},
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
	...sendFields,
];
