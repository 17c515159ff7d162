import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';

export const clientOptionalFields: INodeProperties[] = [
	{ displayName: 'Address', name: 'address', type: 'string', default: '', description: 'Physical or shipping address' },
	{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
	{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
];

export const createFields: INodeProperties[] = showFor('client', ['create'], [
	{
		displayName: 'Name',
		name: 'names',
		type: 'string',
		required: true,
		default: '',
		description: 'Full name of the client',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: clientOptionalFields,
	},
]);
