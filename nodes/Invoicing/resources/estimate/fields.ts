import type { INodeProperties } from 'n8n-workflow';

import { ACCEPTED_OPTIONS, CLIENT_RESOURCE, documentClientLocator } from '../common-fields';
import type { FilterSpec } from '../types';

export const estimateNumberField: INodeProperties = {
	displayName: 'Estimate Number',
	name: 'estimateNo',
	type: 'string',
	default: '',
	placeholder: 'e.g. EST-2001',
	description: "Your number for the estimate (the service makes none); a workflow run again finds the estimate by it among the client's documents",
};

export const acceptedField: INodeProperties = {
	displayName: 'Accepted',
	name: 'accepted',
	type: 'options',
	options: ACCEPTED_OPTIONS,
	default: 'False',
	description: 'Whether the client accepted the estimate',
};

export const estimateFilters: FilterSpec[] = [
	{ editor: { ...acceptedField, default: 'True', description: 'Only estimates with this acceptance' }, test: { kind: 'equals', field: 'accepted' } },
	{ editor: documentClientLocator('Only records of this client', false), test: { kind: 'sameId', field: 'customer_id', picks: CLIENT_RESOURCE } },
	{
		editor: { ...estimateNumberField, description: 'Only the estimate with exactly this number (spaces around it ignored)' },
		test: { kind: 'sameText', fields: ['reference_no', 'estimate_no'] },
	},
];
