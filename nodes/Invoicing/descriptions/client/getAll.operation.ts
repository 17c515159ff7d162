import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, showFor } from '../common';

export const getAllFields: INodeProperties[] = showFor('client', ['getAll'], [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Only clients whose name or email contains this text (case-insensitive)',
			},
		],
	},
]);
