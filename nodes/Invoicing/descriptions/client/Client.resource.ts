import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, standardOperations, upsertOperation } from '../common';

export const clientOperations: INodeProperties = operationProperty('client', [
	...standardOperations('client', { one: 'client', many: 'clients' }, {
		create: 'Add a client; returns it with its "id" (an identical client, same email else name, is returned instead of a duplicate by default)',
		delete: 'Delete a client permanently; its invoices and estimates stay',
		get: 'Get a client with its invoices and estimates',
		getAll: 'List clients, optionally only those whose name or email matches',
		update: 'Change a client; fields left out keep their values',
	}),
	upsertOperation('client', 'client', 'Update the client with this email (else this name), or create it when there is none'),
]);
