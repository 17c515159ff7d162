import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiEnvelope, ApiParams } from '../../../../shared/api-types';
import { SPEC_OF } from '../../../resources/resources';
import { failureLabel } from '../../errors/failure-labels';
import { putRecord } from '../../request/put-form';
import { describeRecord, type GuardedResource } from '../keys/matching';
import { statusNotApplied, statusOnUpdate, type StatusNotApplied } from './payment-status';

/** What Create or Update sends to the record that exists: the row's values, its payment status per the option (payment-status). */
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
 * Create or Update whose create met a twin another execution made at the same moment (its own copy deleted):
 * the row's values go onto the record that stays, as they would have had the twin been there a moment earlier.
 */
export async function updateTwin(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	kept: IDataObject,
	wanted: ApiParams,
	deletedId: string,
): Promise<{ answer: ApiEnvelope; notApplied?: StatusNotApplied }> {
	const { sent, notApplied } = updateValues(ctx, resource, wanted, kept);
	const answer = await putRecord(
		ctx,
		resource,
		String(kept.id),
		sent,
		`${failureLabel(ctx)}: PUT /${resource}/${String(kept.id)}, giving the ${resource} ${describeRecord(resource, kept)} this item's values`,
		`Another execution created this ${resource} at the same moment; this execution deleted its own copy (id ${deletedId}) and was giving the one that stays this item's values.`,
	);
	return { answer, notApplied };
}
