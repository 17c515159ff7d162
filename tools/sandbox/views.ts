import { computeTotals, moneyText } from './money';
import type { Client, DocumentBase, Estimate, Expense, Invoice, LineItem } from './types';

/** Response shapes of the spec, quirks included. */

export function clientListView(client: Client) {
	const { id, names, email, phone, address, created_at } = client;
	return { id, names, email, phone, address, created_at };
}

export function clientView(client: Client) {
	return { ...clientListView(client), updated_at: client.updated_at };
}

export function expenseView(expense: Expense) {
	const { id, short_code, category, description, currency, vendor, issued_date, created_at, updated_at } = expense;
	return { id, short_code, category, description, amount: moneyText(expense.amount), currency, vendor, issued_date, created_at, updated_at };
}

export function itemView(item: LineItem) {
	return { description: item.description, quantity: item.quantity, rate: moneyText(item.rate) };
}

export function itemWithAmountView(item: LineItem) {
	return { ...itemView(item), amount: moneyText(item.quantity * item.rate) };
}

function documentFields(doc: DocumentBase) {
	return {
		id: doc.id,
		short_code: doc.short_code,
	};
}

function partyAndMoney(doc: DocumentBase) {
	return {
		description: doc.description,
		customer_id: doc.customer_id,
		customer_name: doc.customer_name,
		customer_phone: doc.customer_phone,
		customer_address: doc.customer_address,
		currency: doc.currency,
	};
}

export function amountPaid(invoice: Invoice): number {
	return invoice.payments.reduce((sum, payment) => sum + payment.amount, 0);
}

/** Invoice as list, create and update answer it; get drops the timestamps. */
export function invoiceView(invoice: Invoice, withTimestamps = true) {
	const totals = computeTotals(invoice.items, invoice.tax_rate);
	const paid = amountPaid(invoice);
	const view = {
		...documentFields(invoice),
		invoice_no: invoice.invoice_no,
		...partyAndMoney(invoice),
		payment_status: invoice.payment_status,
		tax_rate: invoice.tax_rate,
		...totals,
		amount_paid: moneyText(paid),
		outstanding_balance: moneyText(totals.total - paid),
		issue_date: invoice.issue_date,
		due_date: invoice.due_date,
		note: invoice.note,
	};
	return withTimestamps ? { ...view, created_at: invoice.created_at, updated_at: invoice.updated_at } : view;
}

type NumberName = 'reference_no' | 'estimate_no';

/** Estimate as list/get (`reference_no`) or create/update (`estimate_no`) answer it. */
export function estimateView(estimate: Estimate, numberName: NumberName, withTimestamps = false) {
	const view = {
		...documentFields(estimate),
		[numberName]: estimate.estimate_no,
		...partyAndMoney(estimate),
		tax_rate: estimate.tax_rate,
		...computeTotals(estimate.items, estimate.tax_rate),
		accepted: estimate.accepted,
		issue_date: estimate.issue_date,
		due_date: estimate.due_date,
		note: estimate.note,
	};
	return withTimestamps ? { ...view, created_at: estimate.created_at, updated_at: estimate.updated_at } : view;
}
