import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiEnvelope, ApiParams } from '../../../../shared/api-types';
import { SPEC_OF } from '../../../resources/resources';
import { failureLabel } from '../../errors/failure-labels';
import { putRecord } from '../../request/put-form';
import { describeRecord, type GuardedResource } from '../keys/matching';
import { BOTH_KEPT } from '../after/both-kept';

/** What Create or Update sends to the record that exists: the row's values, its payment status per the option (statusOnUpdate below). */
export function updateValues(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	params: ApiParams,
	current: IDataObject,
): { sent: ApiParams; notApplied?: StatusNotApplied } {
	const sent: ApiParams = { ...params };
	let notApplied: StatusNotApplied | undefined;
	for (const field of SPEC_OF[resource].fields) {
		if (field.lifecycle !== 'payment') continue;
		sent[field.api] = statusOnUpdate(ctx, params[field.api], current[field.stored ?? field.api]);
		notApplied ??= statusNotApplied(ctx, params[field.api], sent[field.api] as string | undefined);
	}
	return { sent, notApplied };
}

/**
 * Create or Update whose create met a twin another execution made at the same moment: the row's values go onto
 * the record that stays, as they would have had the twin been there a moment earlier; its own copy is deleted
 * only after that (after-create).
 */
export async function updateTwin(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	kept: IDataObject,
	wanted: ApiParams,
	copyId: string,
): Promise<{ answer: ApiEnvelope; notApplied?: StatusNotApplied }> {
	const { sent, notApplied } = updateValues(ctx, resource, wanted, kept);
	const answer = await putRecord(
		ctx,
		resource,
		String(kept.id),
		sent,
		`${failureLabel(ctx)}: PUT /${resource}/${String(kept.id)}, giving the ${resource} ${describeRecord(resource, kept)} this item's values`,
		`Another execution created this ${resource} at the same moment; this execution was giving the one that stays this item's values before deleting its own copy (id ${copyId}), so ${BOTH_KEPT}.`,
	);
	return { answer, notApplied };
}

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

/** A Payment Status that Create or Update did not apply to the existing invoice, and the status it kept. */
export interface StatusNotApplied {
	requested: string;
	kept: string;
	mode: StatusOnUpdate;
}

export function statusNotApplied(ctx: IExecuteSingleFunctions, wanted: unknown, sent: string | undefined): StatusNotApplied | undefined {
	if (wanted === undefined || sent === undefined || String(wanted) === sent) return undefined;
	return { requested: String(wanted), kept: sent, mode: ctx.getNodeParameter('existingPaymentStatus', 'paidOnly') as StatusOnUpdate };
}

const MODE_LABELS: Record<StatusOnUpdate, string> = { paidOnly: 'Mark Paid Only', keep: 'Keep Current', set: 'Set as Above' };

/**
 * The keys Create or Update adds to its item when it kept the invoice's status: the status asked for, and why
 * it was not applied (additions only: `payment_status` stays the invoice's status).
 */
export function statusNotAppliedKeys(note: StatusNotApplied): { requested_payment_status: string; payment_status_note: string } {
	return {
		requested_payment_status: note.requested,
		payment_status_note: `Payment Status "${note.requested}" was not applied: the invoice stays "${note.kept}" because "Payment Status of an Existing Invoice" is "${MODE_LABELS[note.mode]}". Set it to "Set as Above" to apply it.`,
	};
}
