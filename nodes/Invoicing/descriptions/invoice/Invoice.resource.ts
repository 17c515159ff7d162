import type { INodeProperties } from 'n8n-workflow';

import { shapeAction } from '../../helpers/output/post-receive';
import { buildGuardedSend, guardedRecordPayment } from '../../helpers/guards/guarded-requests';
import { insertRecordId } from '../../helpers/request/pre-send';
import { operationProperty, route, standardOperations, upsertOperation } from '../common';

export const invoiceOperations: INodeProperties = operationProperty('invoice', [
	...standardOperations('invoice', { one: 'invoice', many: 'invoices' }, {
		create: 'Issue an invoice with line items; returns it with its "id" and the totals the service computes (the same number is never created twice by default)',
		delete: 'Delete an invoice permanently, with its payments and send log',
		get: 'Get an invoice: number, client, status, dates, "total" and "outstanding_balance" (Simplify off: also line items, payments, send log)',
		getAll: 'List invoices, optionally by status, client, dates or overdue only',
		update: 'Change an invoice; fields left out keep their values, line items only when replaced',
	}),
	upsertOperation('invoice', 'invoice', 'Update the invoice with this number, or create it when there is none'),
	{
		name: 'Mark as Not Paid',
		value: 'markNotPaid',
		action: 'Mark invoice as not paid',
		description: 'Set the payment status to Not Paid without touching recorded payments',
		routing: route('GET', '/invoice/not-paid/{id}', [insertRecordId('invoice')], [shapeAction('invoice')]),
	},
	{
		name: 'Mark as Paid',
		value: 'markPaid',
		action: 'Mark invoice as paid',
		description: 'Set the payment status to Paid without recording a payment',
		routing: route('GET', '/invoice/paid/{id}', [insertRecordId('invoice')], [shapeAction('invoice')]),
	},
	{
		name: 'Record Payment',
		value: 'recordPayment',
		action: 'Record payment on invoice',
		description: 'Add a payment (never twice on a retry); outputs the invoice\'s new status, amounts and payments',
		routing: route('POST', '/invoice/record-payment', [guardedRecordPayment], [shapeAction('invoice')]),
	},
	{
		name: 'Send',
		value: 'send',
		action: 'Send invoice',
		description: "E-mail the invoice (to the client's e-mail unless you give one); outputs the invoice's status, amounts and send log",
		routing: route('POST', '/invoice/send', [buildGuardedSend('invoice')], [shapeAction('invoice')]),
	},
]);
