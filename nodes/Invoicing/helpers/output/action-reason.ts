import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { describeRecord, type GuardedResource } from '../guards/keys/matching';
import type { MatchedBy } from '../guards/keys/content-match';
import { isNextNumber } from '../guards/keys/number-pattern';
import { rowKeyOf } from '../guards/writes/next-number';
import { madeHere } from './made-here';

/** What a write did, first in its output item, so that a row made and a row found never look alike. */
export type WriteAction = 'created' | 'updated' | 'existing';

/**
 * Why a write found its record instead of making one: the match it relied on, in the words of its options, and
 * the row that made it when this node did, so that a record made earlier in the same run never reads as one
 * that existed before it. `twin`: another execution made the same record at the same moment and this item's
 * copy went.
 */
export function existingReason(ctx: IExecuteSingleFunctions, resource: GuardedResource, record: IDataObject, twin: boolean): string {
	const found = `Found, not created: the ${resource} ${describeRecord(resource, record)}`;
	if (twin) return `${found} was made by another execution at the same moment; this one's copy was deleted`;
	const maker = madeHere(ctx, resource, record);
	const madeBy = maker && `item ${maker.item} of ${maker.thisRun ? 'this run' : `an earlier run (${maker.run}) of this node`}`;
	if (isNextNumber(ctx)) return `${found} ${sequenceMatch(ctx)} (Numbering: Next in Sequence)${madeBy ? `; ${madeBy} created it` : ''}`;
	if (madeBy) return `${found} was created by ${madeBy} with the values this item sends: identical rows make one ${resource}`;
	return `${found} already existed with the values this item sends`;
}

/** What a row of Next in Sequence found its document by (see next-number). */
function sequenceMatch(ctx: IExecuteSingleFunctions): string {
	const key = rowKeyOf(ctx);
	const by: Record<MatchedBy, string> = {
		key: `carries the Re-Run Key "${key?.rerunKey ?? ''}"`,
		estimate: 'was made from this estimate (its description names it)',
		content: 'has the same client, issue date, line items and amounts',
	};
	return by[key?.matchedBy ?? 'content'];
}

/** The output item of a write: `action` first, then `action_reason` when it found its record, then the record. */
export function writeItem(action: WriteAction, reason: string | undefined, record: IDataObject): IDataObject {
	return { action, ...(reason === undefined ? {} : { action_reason: reason }), ...record };
}
