import type { INodeProperties } from 'n8n-workflow';

import type { FilterSpec } from '../types';

export const clientNameField: INodeProperties = {
	displayName: 'Name',
	name: 'names',
	type: 'string',
	default: '',
	description: 'Full name of the client',
};

/** Optional on create (Additional Fields); with the name, what Update Fields offers. */
export const clientOptionalFields: INodeProperties[] = [
	{ displayName: 'Address', name: 'address', type: 'string', default: '', description: 'Physical or shipping address' },
	{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
	{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
];

export const clientFilters: FilterSpec[] = [
	{
		editor: {
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Only the clients with exactly this email (spaces around it and case ignored)',
		},
		test: { kind: 'sameText', fields: ['email'], caseless: true },
	},
	{
		editor: {
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Only clients whose name or email contains this text (case-insensitive)',
		},
		test: { kind: 'contains', fields: ['names', 'email'] },
	},
];
