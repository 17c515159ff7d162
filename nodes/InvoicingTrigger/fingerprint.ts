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

/**
 * The fingerprints a resource's records can have, as the packed state numbers them (at most 3 marks; only payment
 * marks carry cents): see detect.ts for what each means.
 */
export type MarkKind = 'payment' | 'acceptance' | 'plain';

export const markKindOf = (trigger: { paid?: string; accepted?: string }): MarkKind =>
	trigger.paid ? 'payment' : trigger.accepted ? 'acceptance' : 'plain';

/** A fingerprint as a mark number and cents, only when it reads back as exactly the same text. */
export interface PackedMark {
	mark: number;
	cents: number;
}

/** Being seen paid clears the overdue report, so "P1" is never made: it stays out of the packed marks. */
const PAYMENT_MARKS = ['N0', 'N1', 'P0'];
const FIXED_MARKS: Record<Exclude<MarkKind, 'payment'>, string[]> = { acceptance: ['F', 'T'], plain: [''] };

export function packMark(kind: MarkKind, fingerprint: string): PackedMark | undefined {
	if (kind !== 'payment') {
		const mark = FIXED_MARKS[kind].indexOf(fingerprint);
		return mark < 0 ? undefined : { mark, cents: 0 };
	}
	const match = /^(N0|N1|P0):(0|[1-9]\d{0,15})$/.exec(fingerprint);
	if (!match || !Number.isSafeInteger(Number(match[2]))) return undefined;
	return { mark: PAYMENT_MARKS.indexOf(match[1]), cents: Number(match[2]) };
}

export function unpackMark(kind: MarkKind, { mark, cents }: PackedMark): string | undefined {
	if (kind !== 'payment') return cents === 0 ? FIXED_MARKS[kind][mark] : undefined;
	const prefix = PAYMENT_MARKS[mark];
	return prefix === undefined || !Number.isSafeInteger(cents) ? undefined : `${prefix}:${cents}`;
}
