import type { INodeProperties } from 'n8n-workflow';

import { ACCEPTED_OPTIONS, getManyFields } from '../common';

export const getAllFields: INodeProperties[] = getManyFields('estimate', [
	{
		displayName: 'Accepted',
		name: 'accepted',
		type: 'options',
		options: ACCEPTED_OPTIONS,
		default: 'True',
		description: 'Only estimates with this acceptance',
	},
	{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Only estimates of this client' },
]);
