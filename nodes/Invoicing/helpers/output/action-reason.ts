import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { describeRecord, type GuardedResource } from '../guards/matching';
import { isNextNumber } from '../guards/number-pattern';

/** What a write did, first in its output item, so that a row made and a row found never look alike. */
export type WriteAction = 'created' | 'updated' | 'existing';

/**
 * Why a write found its record instead of making one: the match it relied on, in the words of its options.
 * `twin`: another execution made the same record at the same moment and this item's copy went.
 */
export function existingReason(ctx: IExecuteSingleFunctions, resource: GuardedResource, record: IDataObject, twin: boolean): string {
	const found = `Found, not created: the ${resource} ${describeRecord(resource, record)}`;
	if (twin) return `${found} was made by another execution at the same moment; this one's copy was deleted`;
	if (isNextNumber(ctx)) return `${found} has the same client, issue date, line items and amounts (Numbering: Next in Sequence)`;
	return `${found} already existed with the values this item sends`;
}

/** The output item of a write: `action` first, then `action_reason` when it found its record, then the record. */
export function writeItem(action: WriteAction, reason: string | undefined, record: IDataObject): IDataObject {
	return { action, ...(reason === undefined ? {} : { action_reason: reason }), ...record };
}
