import type { INodeProperties } from 'n8n-workflow';

import { shapeAction } from '../../helpers/output/post-receive';
import { buildGuardedSend } from '../../helpers/guards/guarded-requests';
import { operationProperty, route, standardOperations, upsertOperation } from '../common';

export const estimateOperations: INodeProperties = operationProperty('estimate', [
	...standardOperations('estimate', { one: 'estimate', many: 'estimates' }, {
		create: 'Draft an estimate with line items; returns it with its "id" and the totals the service computes (the same number is never created twice by default)',
		delete: 'Delete an estimate permanently, with its send log',
		get: 'Get an estimate: number, client, acceptance, dates and "total" (Simplify off: also line items and send log)',
		getAll: 'List estimates, optionally by acceptance or client',
		update: 'Change an estimate (set Accepted to accept it); fields left out keep their values',
	}),
	upsertOperation('estimate', 'estimate', 'Update the estimate with this number, or create it when there is none'),
	{
		name: 'Send',
		value: 'send',
		action: 'Send estimate',
		description: "E-mail the estimate (to the client's e-mail unless you give one); outputs the estimate and its send log",
		routing: route('POST', '/estimate/send', [buildGuardedSend('estimate')], [shapeAction('estimate')]),
	},
]);
