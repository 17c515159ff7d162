import type { INodeProperties } from 'n8n-workflow';

import { documentClientLocator, PAYMENT_STATUS_OPTIONS } from '../common';

export const invoiceNumberField: INodeProperties = {
	displayName: 'Invoice Number',
	name: 'invoiceNo',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001',
};

export const paymentStatusField: INodeProperties = {
	displayName: 'Payment Status',
	name: 'paymentStatus',
	type: 'options',
	options: PAYMENT_STATUS_OPTIONS,
	default: 'Not Paid',
};

export const invoiceFilters: INodeProperties[] = [
	documentClientLocator('Only records of this client', false),
	{ displayName: 'Due After', name: 'dueDateFrom', type: 'dateTime', default: '', description: 'Only invoices due on or after this date' },
	{ displayName: 'Due Before', name: 'dueDateTo', type: 'dateTime', default: '', description: 'Only invoices due on or before this date' },
	{ displayName: 'Issued After', name: 'issueDateFrom', type: 'dateTime', default: '', description: 'Only records issued on or after this date' },
	{ displayName: 'Issued Before', name: 'issueDateTo', type: 'dateTime', default: '', description: 'Only records issued on or before this date' },
	{
		displayName: 'Overdue Only',
		name: 'overdueOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only invoices that are Not Paid and due before today (workflow time zone)',
	},
	{ ...paymentStatusField, description: 'Only invoices with this payment status' },
];
