import type { INodeProperties } from 'n8n-workflow';

import { dateField, documentClientLocator, PAYMENT_STATUS_OPTIONS } from '../common-fields';

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
	dateField({ displayName: 'Due After', name: 'dueDateFrom', description: 'Only invoices due on or after this date' }),
	dateField({ displayName: 'Due Before', name: 'dueDateTo', description: 'Only invoices due on or before this date' }),
	dateField({ displayName: 'Issued After', name: 'issueDateFrom', description: 'Only records issued on or after this date' }),
	dateField({ displayName: 'Issued Before', name: 'issueDateTo', description: 'Only records issued on or before this date' }),
	{
		displayName: 'Overdue Only',
		name: 'overdueOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only invoices that are Not Paid and due before today (workflow time zone)',
	},
	{ ...invoiceNumberField, description: 'Only the invoice with exactly this number (spaces around it ignored)' },
	{ ...paymentStatusField, description: 'Only invoices with this payment status' },
];
