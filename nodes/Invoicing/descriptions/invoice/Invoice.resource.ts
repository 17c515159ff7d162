import type { INodeProperties } from 'n8n-workflow';

import {
	buildCreateRequest,
	buildRecordPaymentRequest,
	buildSendRequest,
	buildUpdateRequest,
	insertRecordId,
} from '../../helpers/pre-send';
import { shapeAction, shapeList, shapeRecord } from '../../helpers/post-receive';
import { route } from '../common';
import { createFields } from './create.operation';
import { deleteFields } from './delete.operation';
import { getFields } from './get.operation';
import { getAllFields } from './getAll.operation';
import { markFields } from './mark.operation';
import { recordPaymentFields } from './recordPayment.operation';
import { sendFields } from './send.operation';
import { updateFields } from './update.operation';

export const invoiceDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invoice'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an invoice',
				description: 'Create an invoice with line items',
				routing: route('POST', '/invoice/add', [buildCreateRequest('invoice')], [shapeRecord('invoice')]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an invoice',
				description: 'Delete an invoice',
				routing: route('DELETE', '/invoice/{id}', [insertRecordId('invoice')], [shapeAction('invoice')]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an invoice',
				description: 'Get an invoice with its items, payments and send log',
				routing: route('GET', '/invoice/{id}', [insertRecordId('invoice')], [shapeRecord('invoice')]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many invoices',
				description: 'Get many invoices, optionally filtered (e.g. overdue only)',
				routing: route('GET', '/invoice/all', [], [shapeList('invoice')]),
			},
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
			{
				name: 'Update',
				value: 'update',
				action: 'Update an invoice',
				description: 'Update an invoice',
				routing: route('PUT', '/invoice/{id}', [buildUpdateRequest('invoice')], [shapeRecord('invoice')]),
			},
		],
		default: 'getAll',
	},
	...getAllFields,
	...getFields,
	...createFields,
	...updateFields,
	...deleteFields,
	...sendFields,
	...recordPaymentFields,
	...markFields,
];
