import type { IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * Create or Update of an invoice that exists: what happens to its payment status. The Payment Status parameter
 * is required and defaults to Not Paid, so its value cannot say whether the user meant it for this run; payments
 * recorded since (Record Payment) must not be undone by a re-run.
 * - paidOnly (default): Paid marks it Paid; Not Paid keeps the current status (never turns Paid back).
 * - keep: the current status, whatever Payment Status says (it applies to new invoices only).
 * - set: Payment Status as given, also Not Paid over Paid (the behaviour before this option existed).
 */
export type StatusOnUpdate = 'paidOnly' | 'keep' | 'set';

export function statusOnUpdate(ctx: IExecuteSingleFunctions, wanted: unknown, current: unknown): string | undefined {
	const mode = ctx.getNodeParameter('existingPaymentStatus', 'paidOnly') as StatusOnUpdate;
	const given = wanted === undefined ? undefined : String(wanted);
	if (mode === 'set' || typeof current !== 'string' || current === '') return given;
	if (mode === 'paidOnly' && given === 'Paid') return given;
	return current;
}
