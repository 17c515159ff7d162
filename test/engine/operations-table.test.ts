import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { operationsTable } from '../rules/operations-table';
import { byId, useEngineFixture } from './fixture';

/**
 * Every request the node sends for an operation, guards and reads after a write included, is one the Operations
 * table of docs/operations.md quotes in that operation's row (ids as `{id}`). Each operation runs once through n8n's
 * engine against the sandbox, on a book holding one client, invoice, estimate and expense.
 */
const ctx = useEngineFixture();
const rows = operationsTable();

interface Book {
	client: string;
	invoice: string;
	estimate: string;
	expense: string;
}

async function book(): Promise<Book> {
	const first = async (path: string, body: IDataObject, envelope: string) => ((await ctx.api('POST', path, body))[envelope] as IDataObject[])[0].id as string;
	const client = await first('/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' }, 'data');
	const items = [{ description: 'Work', quantity: 1, rate: 100 }];
	return {
		client,
		invoice: await first('/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', items }, 'invoice'),
		estimate: await first('/estimate/add', { client, estimate_no: 'EST-1', items }, 'estimate'),
		expense: await first('/expense/add', { description: 'Taxi', issue_date: '2026-01-10', amount: 12, currency: 'USD' }, 'expense'),
	};
}

const line = { items: { item: [{ description: 'Design', quantity: 2, rate: 150 }] } };

/** Parameters of each row's operation, as a user would set them. */
const CASES: Record<string, (b: Book) => INodeParameters> = {
	'Client: Create': () => ({ resource: 'client', operation: 'create', names: 'Globex', additionalFields: { email: 'ap@globex.example' } }),
	'Client: Create or Update': () => ({ resource: 'client', operation: 'upsert', names: 'Acme Ltd', additionalFields: { email: 'billing@acme.example', phone: '1' } }),
	'Client: Get': (b) => ({ resource: 'client', operation: 'get', clientId: byId(b.client) }),
	'Client: Get Many': () => ({ resource: 'client', operation: 'getAll', returnAll: true }),
	'Client: Update': (b) => ({ resource: 'client', operation: 'update', clientId: byId(b.client), updateFields: { phone: '2' } }),
	'Client: Delete': (b) => ({ resource: 'client', operation: 'delete', clientId: byId(b.client) }),
	'Expense: Create': () => ({ resource: 'expense', operation: 'create', description: 'Train', issueDate: '2026-01-11', amount: 30, currency: 'EUR' }),
	'Expense: Get': (b) => ({ resource: 'expense', operation: 'get', expenseId: byId(b.expense) }),
	'Expense: Get Many': () => ({ resource: 'expense', operation: 'getAll', returnAll: true }),
	'Expense: Update': (b) => ({ resource: 'expense', operation: 'update', expenseId: byId(b.expense), updateFields: { amount: 14 } }),
	'Expense: Delete': (b) => ({ resource: 'expense', operation: 'delete', expenseId: byId(b.expense) }),
	'Invoice: Create': (b) => ({ resource: 'invoice', operation: 'create', client: byId(b.client), invoiceNo: 'INV-2', paymentStatus: 'Not Paid', ...line }),
	'Invoice: Create From Estimate': (b) => ({
		resource: 'invoice',
		operation: 'createFromEstimate',
		fromEstimate: byId(b.estimate),
		invoiceNo: 'INV-2',
		markEstimateAccepted: true,
	}),
	'Estimate: Convert to Invoice': (b) => ({
		resource: 'estimate',
		operation: 'convertToInvoice',
		estimateId: byId(b.estimate),
		newInvoiceNo: 'INV-2',
		markEstimateAccepted: true,
	}),
	'Invoice: Create or Update': (b) => ({ resource: 'invoice', operation: 'upsert', client: byId(b.client), invoiceNo: 'INV-1', paymentStatus: 'Not Paid', ...line }),
	'Invoice: Get': (b) => ({ resource: 'invoice', operation: 'get', invoiceId: byId(b.invoice) }),
	'Invoice: Export E-Invoice': (b) => ({ resource: 'invoice', operation: 'exportEInvoice', invoiceId: byId(b.invoice), eInvoiceOptions: { checkOnly: true } }),
	'Invoice: Get Many': () => ({ resource: 'invoice', operation: 'getAll', returnAll: true }),
	'Invoice: Update': (b) => ({ resource: 'invoice', operation: 'update', invoiceId: byId(b.invoice), updateFields: { note: 'Net 30' } }),
	'Invoice: Delete': (b) => ({ resource: 'invoice', operation: 'delete', invoiceId: byId(b.invoice) }),
	'Invoice: Send': (b) => ({ resource: 'invoice', operation: 'send', invoiceId: byId(b.invoice), email: '' }),
	'Invoice: Record Payment': (b) => ({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(b.invoice), paymentDate: '2026-01-20', amountPaid: 40 }),
	'Invoice: Mark as Paid': (b) => ({ resource: 'invoice', operation: 'markPaid', invoiceId: byId(b.invoice) }),
	'Invoice: Mark as Not Paid': (b) => ({ resource: 'invoice', operation: 'markNotPaid', invoiceId: byId(b.invoice) }),
	'Estimate: Create': (b) => ({ resource: 'estimate', operation: 'create', client: byId(b.client), estimateNo: 'EST-2', ...line }),
	'Estimate: Create or Update': (b) => ({ resource: 'estimate', operation: 'upsert', client: byId(b.client), estimateNo: 'EST-1', ...line }),
	'Estimate: Get': (b) => ({ resource: 'estimate', operation: 'get', estimateId: byId(b.estimate) }),
	'Estimate: Get Many': () => ({ resource: 'estimate', operation: 'getAll', returnAll: true }),
	'Estimate: Update': (b) => ({ resource: 'estimate', operation: 'update', estimateId: byId(b.estimate), updateFields: { note: 'Valid 30 days' } }),
	'Estimate: Delete': (b) => ({ resource: 'estimate', operation: 'delete', estimateId: byId(b.estimate) }),
	'Estimate: Send': (b) => ({ resource: 'estimate', operation: 'send', estimateId: byId(b.estimate), email: '' }),
};

/** `GET /v1/invoice/paid/1000000000000002` -> `GET /invoice/paid/{id}`. */
const asQuoted = (request: { method: string; path: string }, ids: string[]) =>
	`${request.method} ${request.path.replace(/^\/v1/, '').replace(new RegExp(`/(${ids.join('|')})$`), '/{id}')}`;

test('the table has a case here for each of its rows', () => {
	expect(rows.map((r) => `${r.resource}: ${r.operation}`).sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(rows.map((row) => [`${row.resource}: ${row.operation}`, row] as const))('%s', (name, row) => {
	test('sends only requests its row quotes', async () => {
		const records = await book();
		const result = await ctx.run(CASES[name](records), { seller: { name: 'Acme Seller' } });
		expect(result.error).toBeUndefined();
		const sent = [...new Set(ctx.sent().map((r) => asQuoted(r, Object.values(records))))];
		expect(sent.filter((request) => !row.requests.includes(request))).toEqual([]);
		expect(sent.length).toBeGreaterThan(0);
	});
});
