import type { INodeProperties } from 'n8n-workflow';

import { shapeAction } from '../../helpers/post-receive';
import { buildSendRequest } from '../../helpers/pre-send';
import { operationProperty, route, standardOperations } from '../common';

export const estimateOperations: INodeProperties = operationProperty('estimate', [
	...standardOperations('estimate', { one: 'estimate', many: 'estimates' }, {
		create: 'Draft an estimate with line items; the service computes the totals',
		delete: 'Delete an estimate permanently, with its send log',
		get: 'Get an estimate with its line items and send log',
		getAll: 'List estimates, optionally by acceptance or client',
		update: 'Change an estimate (set Accepted to accept it); fields left out keep their values',
	}),
	{
		name: 'Send',
		value: 'send',
		action: 'Send estimate',
		description: 'E-mail the estimate to an address; the send log records it',
		routing: route('POST', '/estimate/send', [buildSendRequest('estimate')], [shapeAction('estimate')]),
	},
]);
