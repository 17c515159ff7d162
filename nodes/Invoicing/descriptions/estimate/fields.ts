import type { INodeProperties } from 'n8n-workflow';

import { ACCEPTED_OPTIONS, recordLocator } from '../common';

export const estimateLocator = (description: string): INodeProperties =>
	recordLocator({ name: 'estimateId', displayName: 'Estimate', searchMethod: 'searchEstimates', description });

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
