import type { INodeProperties } from 'n8n-workflow';

import { clientLocator, showFor } from '../common';
import { clientOptionalFields } from './create.operation';

export const updateFields: INodeProperties[] = showFor('client', ['update'], [
	clientLocator('The client to update'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields set here change; the others keep their values',
		options: [
			...clientOptionalFields,
			{ displayName: 'Name', name: 'names', type: 'string', default: '', description: 'Full name of the client' } as INodeProperties,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
]);
