import type { INodeProperties } from 'n8n-workflow';

import { buildRecordPaymentRequest, buildSendRequest, insertRecordId } from '../../helpers/pre-send';
import { shapeAction } from '../../helpers/post-receive';
import { operationProperty, route, standardOperations } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { markFields } from './mark.operation';
import { recordPaymentFields } from './recordPayment.operation';
import { sendFields } from './send.operation';
import { updateFields } from './update.operation';

export const invoiceDescription: INodeProperties[] = [
	operationProperty('invoice', [
		...standardOperations(
			'invoice',
			{ one: 'an invoice', many: 'invoices' },
			{
				create: 'Create an invoice with line items',
				get: 'Get an invoice with its items, payments and send log',
				getAll: 'Get many invoices, optionally filtered (e.g. overdue only)',
			},
		),
		{
			name: 'Mark as Not Paid',
			value: 'markNotPaid',
			action: 'Mark an invoice as not paid',
			description: 'Set the payment status to Not Paid',
			routing: route('GET', '/invoice/not-paid/{id}', [insertRecordId('invoice')], [shapeAction('invoice')]),
		},
		{
			name: 'Mark as Paid',
			value: 'markPaid',
			action: 'Mark an invoice as paid',
			description: 'Set the payment status to Paid',
			routing: route('GET', '/invoice/paid/{id}', [insertRecordId('invoice')], [shapeAction('invoice')]),
		},
		{
			name: 'Record Payment',
			value: 'recordPayment',
			action: 'Record a payment on an invoice',
			description: 'Record a payment; the invoice becomes Paid when nothing is outstanding',
			routing: route('POST', '/invoice/record-payment', [buildRecordPaymentRequest], [shapeAction('invoice')]),
		},
		{
			name: 'Send',
			value: 'send',
			action: 'Send an invoice',
			description: 'Send an invoice by email',
			routing: route('POST', '/invoice/send', [buildSendRequest('invoice')], [shapeAction('invoice')]),
		},
	]),
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
	...sendFields,
	...recordPaymentFields,
	...markFields,
];
