import type { INodeProperties } from 'n8n-workflow';

import { PAYMENT_STATUS_OPTIONS, getManyFields } from '../common';

export const getAllFields: INodeProperties[] = getManyFields('invoice', [
	{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Only invoices of this client' },
	{ displayName: 'Due After', name: 'dueDateFrom', type: 'dateTime', default: '', description: 'Only invoices due on or after this date' },
	{ displayName: 'Due Before', name: 'dueDateTo', type: 'dateTime', default: '', description: 'Only invoices due on or before this date' },
	{ displayName: 'Issued After', name: 'issueDateFrom', type: 'dateTime', default: '', description: 'Only invoices issued on or after this date' },
	{ displayName: 'Issued Before', name: 'issueDateTo', type: 'dateTime', default: '', description: 'Only invoices issued on or before this date' },
	{
		displayName: 'Overdue Only',
		name: 'overdueOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only invoices that are Not Paid and due before today (workflow time zone)',
	},
	{
		displayName: 'Payment Status',
		name: 'paymentStatus',
		type: 'options',
		options: PAYMENT_STATUS_OPTIONS,
		default: 'Not Paid',
	},
]);
