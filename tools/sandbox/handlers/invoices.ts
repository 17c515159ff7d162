import { badRequest } from '../errors';
import { computeTotals, moneyText, roundCents } from '../money';
import type { Invoice, Params, PaymentStatus } from '../types';
import { oneOf, optionalText, requiredDate, requiredNumber, requiredText } from '../validate';
import { amountPaid, invoiceView, itemView, itemWithAmountView } from '../views';
import type { HandlerContext, Route } from './context';
import { applyDocumentUpdate, newDocumentFields, readDocument, recordSend } from './documents';

const PAYMENT_STATUSES = ['Paid', 'Not Paid'] as const;
const PAYMENT_METHODS = ['Cash', 'Bank Transfer', 'Cheque', 'Credit Card', 'Others'] as const;

function paymentStatus(params: Params): PaymentStatus {
	return oneOf(requiredText(params, 'payment_status'), 'payment_status', PAYMENT_STATUSES) as PaymentStatus;
}

function withItems(invoice: Invoice) {
	return { invoice: [invoiceView(invoice)], items: invoice.items.map(itemView) };
}

function list({ store }: HandlerContext) {
	return { data: store.listed('invoices').map((invoice) => invoiceView(invoice)) };
}

function get({ store, id }: HandlerContext) {
	const invoice = store.get('invoices', id);
	return {
		invoice: [invoiceView(invoice, false)],
		items: invoice.items.map(itemWithAmountView),
		payments: invoice.payments,
		send_log: invoice.send_log,
	};
}

function create({ store, params, clock, ids }: HandlerContext) {
	const invoiceNo = requiredText(params, 'invoice_no');
	const status = paymentStatus(params);
	// every check runs before an id is drawn: a refused create leaves the sequence as it was
	const fields = newDocumentFields(readDocument(store, params, true), clock);
	const invoice: Invoice = {
		id: ids.id(),
		short_code: ids.shortCode(),
		invoice_no: invoiceNo,
		payment_status: status,
		payments: [],
		...fields,
	};
	store.insert('invoices', invoice);
	return withItems(invoice);
}

function update({ store, params, clock, id }: HandlerContext) {
	const invoice = store.get('invoices', id);
	const invoiceNo = requiredText(params, 'invoice_no');
	const status = paymentStatus(params);
	const input = readDocument(store, params, false);
	applyDocumentUpdate(invoice, input, clock);
	invoice.invoice_no = invoiceNo;
	invoice.payment_status = status;
	store.changed();
	return withItems(invoice);
}

function send({ store, params, clock }: HandlerContext) {
	const invoice = store.get('invoices', requiredText(params, 'id'));
	recordSend(invoice, params, clock);
	store.changed();
	return { message: 'Invoice was successfully sent.' };
}

function recordPayment({ store, params, clock, ids }: HandlerContext) {
	const invoice = store.get('invoices', requiredText(params, 'id'));
	requiredDate(params, 'payment_date');
	const amount = requiredNumber(params, 'amount_paid');
	const method = oneOf(optionalText(params, 'payment_method'), 'payment_method', PAYMENT_METHODS);
	const outstanding = roundCents(computeTotals(invoice.items, invoice.tax_rate).total - amountPaid(invoice));
	if (amount <= 0) throw badRequest('Parameter "amount_paid" must be greater than 0.');
	if (roundCents(amount) > outstanding) {
		throw badRequest(
			`Parameter "amount_paid" (${moneyText(amount)}) exceeds the outstanding balance (${moneyText(outstanding)}).`,
		);
	}
	invoice.payments.push({
		status: 'success',
		reference: ids.paymentReference(),
		amount: roundCents(amount),
		bank: method ?? '',
		created_at: clock.timestamp(),
	});
	if (roundCents(outstanding - amount) === 0) invoice.payment_status = 'Paid';
	invoice.updated_at = clock.timestamp();
	store.changed();
	return { message: 'Invoice payment update was successful.' };
}

function mark(status: PaymentStatus) {
	return ({ store, clock, id }: HandlerContext) => {
		const invoice = store.get('invoices', id);
		invoice.payment_status = status;
		invoice.updated_at = clock.timestamp();
		store.changed();
		return { message: 'Invoice update was successful.' };
	};
}

function remove({ store, id }: HandlerContext) {
	store.remove('invoices', id);
	return { message: 'Invoice was successfully deleted.' };
}

export const invoiceRoutes: Route[] = [
	{ method: 'GET', path: '/invoice/all', handler: list },
	{ method: 'POST', path: '/invoice/add', handler: create },
	{ method: 'POST', path: '/invoice/send', handler: send },
	{ method: 'POST', path: '/invoice/record-payment', handler: recordPayment },
	{ method: 'GET', path: '/invoice/paid/{id}', handler: mark('Paid') },
	{ method: 'GET', path: '/invoice/not-paid/{id}', handler: mark('Not Paid') },
	{ method: 'GET', path: '/invoice/{id}', handler: get },
	{ method: 'PUT', path: '/invoice/{id}', handler: update },
	{ method: 'DELETE', path: '/invoice/{id}', handler: remove },
];
