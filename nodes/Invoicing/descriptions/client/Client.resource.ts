import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, standardOperations } from '../common';

export const clientOperations: INodeProperties = operationProperty(
	'client',
	standardOperations('client', { one: 'client', many: 'clients' }, {
		create: 'Add a client with name, email, phone and address',
		delete: 'Delete a client permanently; its invoices and estimates stay',
		get: 'Get a client with its invoices and estimates',
		getAll: 'List clients, optionally only those whose name or email matches',
		update: 'Change a client; fields left out keep their values',
	}),
);
