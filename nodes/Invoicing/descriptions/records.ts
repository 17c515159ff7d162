import type { INodeProperties } from 'n8n-workflow';

import { documentClientLocator, recordLocator, showFor } from './common';

const DOCUMENT_OPERATIONS = ['get', 'update', 'delete', 'send'];

/** The record each operation acts on, one locator per resource, and the client of a new invoice or estimate. */
export const recordFields: INodeProperties[] = [
	...showFor(['client'], ['get', 'update', 'delete'], [
		recordLocator({ name: 'clientId', displayName: 'Client', searchMethod: 'searchClients' }),
	]),
	...showFor(['expense'], ['get', 'update', 'delete'], [
		recordLocator({ name: 'expenseId', displayName: 'Expense', searchMethod: 'searchExpenses' }),
	]),
	...showFor(['invoice'], [...DOCUMENT_OPERATIONS, 'recordPayment', 'markPaid', 'markNotPaid'], [
		recordLocator({ name: 'invoiceId', displayName: 'Invoice', searchMethod: 'searchInvoices' }),
	]),
	...showFor(['estimate'], DOCUMENT_OPERATIONS, [
		recordLocator({ name: 'estimateId', displayName: 'Estimate', searchMethod: 'searchEstimates' }),
	]),
	...showFor(['invoice', 'estimate'], ['create', 'upsert'], [documentClientLocator('The client the record is issued to')]),
];
