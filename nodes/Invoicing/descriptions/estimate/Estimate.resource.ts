import type { INodeProperties } from 'n8n-workflow';

import { buildSendRequest } from '../../helpers/pre-send';
import { shapeAction } from '../../helpers/post-receive';
import { operationProperty, route, standardOperations } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { sendFields } from './send.operation';
import { updateFields } from './update.operation';

export const estimateDescription: INodeProperties[] = [
	operationProperty('estimate', [
		...standardOperations(
			'estimate',
			{ one: 'an estimate', many: 'estimates' },
			{
				create: 'Create an estimate with line items',
				get: 'Get an estimate with its items and send log',
				update: 'Update an estimate (set Accepted to accept it)',
			},
		),
		{
			name: 'Send',
			value: 'send',
			action: 'Send an estimate',
			description: 'Send an estimate by email',
			routing: route('POST', '/estimate/send', [buildSendRequest('estimate')], [shapeAction('estimate')]),
		},
	]),
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
	...sendFields,
];
