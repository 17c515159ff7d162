import type { INodeProperties } from 'n8n-workflow';

import { CLIENT_RESOURCE, dateField, documentClientLocator, PAYMENT_STATUS_OPTIONS } from '../common-fields';
import type { FilterSpec } from '../types';

export const invoiceNumberField: INodeProperties = {
	displayName: 'Invoice Number',
	name: 'invoiceNo',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001',
	description: "Your number for the invoice (the service makes none); a workflow run again finds the invoice by it among the client's documents",
};

export const paymentStatusField: INodeProperties = {
	displayName: 'Payment Status',
	name: 'paymentStatus',
	type: 'options',
	options: PAYMENT_STATUS_OPTIONS,
	default: 'Not Paid',
	description: 'Whether the invoice is paid (Paid sets the status only: Record Payment records an amount)',
};

export const invoiceFilters: FilterSpec[] = [
	{ editor: documentClientLocator('Only records of this client', false), test: { kind: 'sameId', field: 'customer_id', picks: CLIENT_RESOURCE } },
	{
		editor: dateField({ displayName: 'Due After', name: 'dueDateFrom', description: 'Only invoices due on or after this date' }),
		test: { kind: 'from', field: 'due_date' },
	},
	{
		editor: dateField({ displayName: 'Due Before', name: 'dueDateTo', description: 'Only invoices due on or before this date' }),
		test: { kind: 'to', field: 'due_date' },
	},
	{
		editor: dateField({ displayName: 'Issued After', name: 'issueDateFrom', description: 'Only records issued on or after this date' }),
		test: { kind: 'from', field: 'issue_date' },
	},
	{
		editor: dateField({ displayName: 'Issued Before', name: 'issueDateTo', description: 'Only records issued on or before this date' }),
		test: { kind: 'to', field: 'issue_date' },
	},
	{
		editor: {
			displayName: 'Overdue Only',
			name: 'overdueOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to return only invoices that are Not Paid and due before today (workflow time zone)',
		},
		test: { kind: 'overdue', status: 'payment_status', open: 'Not Paid', due: 'due_date' },
	},
	{
		editor: { ...invoiceNumberField, description: 'Only the invoice with exactly this number (spaces around it ignored)' },
		test: { kind: 'sameText', fields: ['invoice_no'] },
	},
	{ editor: { ...paymentStatusField, description: 'Only invoices with this payment status' }, test: { kind: 'equals', field: 'payment_status' } },
];
