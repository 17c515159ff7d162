import type { IDataObject } from 'n8n-workflow';

/** What the trigger keeps of an invoice: enough to see it become paid, receive payments and go overdue. */
export interface InvoiceMark {
	paid: boolean;
	/** The cents paid so far (`amount_paid`). */
	paidCents: number;
	/** Overdue was reported (or was already true at the baseline) since the invoice was last seen paid. */
	overdueReported: boolean;
}

/** "P" or "N", "1" or "0", cents: e.g. "N1:15000". */
export function encodeInvoiceMark(mark: InvoiceMark): string {
	return `${mark.paid ? 'P' : 'N'}${mark.overdueReported ? '1' : '0'}:${mark.paidCents}`;
}

export function decodeInvoiceMark(fingerprint: string): InvoiceMark | undefined {
	const match = /^([PN])([01]):(\d+)$/.exec(fingerprint);
	if (!match) return undefined;
	return { paid: match[1] === 'P', overdueReported: match[2] === '1', paidCents: Number(match[3]) };
}

export function toCents(amount: unknown): number {
	const value = Number(amount);
	return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}

export const isPaid = (invoice: IDataObject): boolean => invoice.payment_status === 'Paid';

export const isAccepted = (estimate: IDataObject): boolean => estimate.accepted === 'True';

/** "Not Paid" and due before `today` (YYYY-MM-DD in the workflow's time zone). */
export function isOverdue(invoice: IDataObject, today: string): boolean {
	const due = typeof invoice.due_date === 'string' ? invoice.due_date : '';
	return !isPaid(invoice) && /^\d{4}-\d{2}-\d{2}$/.test(due) && due < today;
}
