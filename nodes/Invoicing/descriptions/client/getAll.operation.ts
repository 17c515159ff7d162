import type { INodeProperties } from 'n8n-workflow';

import { getManyFields } from '../common';

export const getAllFields: INodeProperties[] = getManyFields('client', [
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		description: 'Only clients whose name or email contains this text (case-insensitive)',
	},
]);
