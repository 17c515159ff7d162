import type { INodeProperties } from 'n8n-workflow';

import { PAYMENT_STATUS_OPTIONS, recordLocator } from '../common';

export const invoiceLocator = (description: string): INodeProperties =>
	recordLocator({ name: 'invoiceId', displayName: 'Invoice', searchMethod: 'searchInvoices', description });

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
