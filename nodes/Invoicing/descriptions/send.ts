import type { INodeProperties } from 'n8n-workflow';

import { showFor } from './common';

/** Send (invoice and estimate): the address, and an optional phone. */
export const sendFields: INodeProperties[] = showFor(['invoice', 'estimate'], ['send'], [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: 'Address to send the record to',
	},
	{ displayName: 'Phone', name: 'phone', type: 'string', default: '', description: 'Optional phone number the service may notify too' },
]);
