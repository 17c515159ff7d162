import type { INodeProperties } from 'n8n-workflow';

import { getManyFields } from '../common';

export const getAllFields: INodeProperties[] = getManyFields('expense', [
	{ displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'e.g. USD' },
	{ displayName: 'Issued After', name: 'issueDateFrom', type: 'dateTime', default: '', description: 'Only expenses issued on or after this date' },
	{ displayName: 'Issued Before', name: 'issueDateTo', type: 'dateTime', default: '', description: 'Only expenses issued on or before this date' },
	{ displayName: 'Vendor', name: 'vendor', type: 'string', default: '', description: 'Only expenses whose vendor contains this text' },
]);
