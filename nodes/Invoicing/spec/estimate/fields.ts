import type { INodeProperties } from 'n8n-workflow';

import { ACCEPTED_OPTIONS, documentClientLocator } from '../common-fields';

export const estimateNumberField: INodeProperties = {
	displayName: 'Estimate Number',
	name: 'estimateNo',
	type: 'string',
	default: '',
	placeholder: 'e.g. EST-2001',
};

export const acceptedField: INodeProperties = {
	displayName: 'Accepted',
	name: 'accepted',
	type: 'options',
	options: ACCEPTED_OPTIONS,
	default: 'False',
	description: 'Whether the client accepted the estimate',
};

export const estimateFilters: INodeProperties[] = [
	{ ...acceptedField, default: 'True', description: 'Only estimates with this acceptance' },
	documentClientLocator('Only records of this client', false),
	{ ...estimateNumberField, description: 'Only the estimate with exactly this number (spaces around it ignored)' },
];
