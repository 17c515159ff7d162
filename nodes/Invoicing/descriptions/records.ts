import type { INodeProperties } from 'n8n-workflow';

import { documentClientLocator, recordLocator, showFor } from './common';

const DOCUMENT_OPERATIONS = ['get', 'update', 'delete', 'send'];

/** Where an ID comes from, for people and AI agents alike. */
const ID_HINT = (record: string) => `The ${record}: pick it from the list, or give its ID ("id" in the output of Create, Get or Get Many)`;

/** The record each operation acts on, one locator per resource, and the client of a new invoice or estimate. */
export const recordFields: INodeProperties[] = [
	...showFor(['client'], ['get', 'update', 'delete'], [
		recordLocator({ name: 'clientId', displayName: 'Client', searchMethod: 'searchClients', description: ID_HINT('client') }),
	]),
	...showFor(['expense'], ['get', 'update', 'delete'], [
		recordLocator({ name: 'expenseId', displayName: 'Expense', searchMethod: 'searchExpenses', description: ID_HINT('expense') }),
	]),
	...showFor(['invoice'], [...DOCUMENT_OPERATIONS, 'recordPayment', 'markPaid', 'markNotPaid'], [
		recordLocator({ name: 'invoiceId', displayName: 'Invoice', searchMethod: 'searchInvoices', description: ID_HINT('invoice') }),
	]),
	...showFor(['estimate'], DOCUMENT_OPERATIONS, [
		recordLocator({ name: 'estimateId', displayName: 'Estimate', searchMethod: 'searchEstimates', description: ID_HINT('estimate') }),
	]),
	...showFor(['invoice', 'estimate'], ['create', 'upsert'], [documentClientLocator('The client the record is issued to')]),
];
