import type { BookData, RecordedRequest } from '../../tools/sandbox';

/** What the service holds and received for one row (one webhook call: one invoice number). */
export interface RowRecord {
	invoiceNo: string;
	/** Invoices with the row's number (the service's state). */
	invoices: number;
	/** Send log entries and payments on those invoices. */
	sends: number;
	payments: number;
	/** Writes the service answered 200 to (its request log): creates with the number, sends and payments of its invoices. */
	createsApplied: number;
	sendsApplied: number;
	paymentsApplied: number;
	paid: boolean;
}

const param = (entry: RecordedRequest, name: string) => String(entry.body?.[name] ?? entry.query[name] ?? '');

/** Per row, from the state and from every request the service applied. */
export function ledger(invoiceNos: string[], state: BookData, requests: RecordedRequest[]): RowRecord[] {
	const applied = requests.filter((r) => r.method === 'POST' && r.status === 200);
	const count = (path: string, key: string, value: string) => applied.filter((r) => r.path === path && param(r, key) === value).length;
	return invoiceNos.map((invoiceNo) => {
		const invoices = state.invoices.filter((i) => i.invoice_no === invoiceNo);
		const ids = invoices.map((i) => i.id);
		return {
			invoiceNo,
			invoices: invoices.length,
			sends: invoices.reduce((total, i) => total + i.send_log.length, 0),
			payments: invoices.reduce((total, i) => total + i.payments.length, 0),
			createsApplied: count('/v1/invoice/add', 'invoice_no', invoiceNo),
			sendsApplied: ids.reduce((total, id) => total + count('/v1/invoice/send', 'id', id), 0),
			paymentsApplied: ids.reduce((total, id) => total + count('/v1/invoice/record-payment', 'id', id), 0),
			paid: invoices.length === 1 && invoices[0].payment_status === 'Paid',
		};
	});
}

/** Created, sent and paid, each exactly once. */
export const complete = (row: RowRecord) => row.invoices === 1 && row.sends === 1 && row.payments === 1 && row.paid;

export interface LedgerCounts {
	rows: number;
	complete: number;
	/** Rows with no invoice at all. */
	missing: number;
	/** Rows with an invoice but not yet sent or not yet paid. */
	partial: number;
	/** Extra invoices, send log entries and payments over one per row (state), and extra applied writes (request log). */
	duplicateInvoices: number;
	duplicateSends: number;
	duplicatePayments: number;
	duplicateWritesApplied: number;
}

export function counts(rows: RowRecord[]): LedgerCounts {
	const over = (pick: (row: RowRecord) => number) => rows.reduce((total, row) => total + Math.max(0, pick(row) - 1), 0);
	return {
		rows: rows.length,
		complete: rows.filter(complete).length,
		missing: rows.filter((r) => r.invoices === 0).length,
		partial: rows.filter((r) => r.invoices > 0 && !complete(r)).length,
		duplicateInvoices: over((r) => r.invoices),
		duplicateSends: over((r) => r.sends),
		duplicatePayments: over((r) => r.payments),
		duplicateWritesApplied: over((r) => r.createsApplied) + over((r) => r.sendsApplied) + over((r) => r.paymentsApplied),
	};
}
