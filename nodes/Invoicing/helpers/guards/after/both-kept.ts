import type { IDataObject, IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';

import { inputError } from '../../errors/item-errors';
import { noteCopyLeft } from '../../request/run-stop';
import { describeRecord, type GuardedResource } from '../keys/matching';

/** The words every report of two kept copies ends in (the scenarios' invariants know a reported duplicate by them). */
export const BOTH_KEPT = 'neither was deleted: both are kept';

/**
 * Two records of one key that the node does not reduce to one, because deleting either could not be explained:
 * the one that would go holds other values, or which was made first cannot be told. The item fails naming both,
 * so the duplicate is never silent; with Continue On Fail the error is the item's.
 */
export function bothKept(ctx: IExecuteSingleFunctions, resource: GuardedResource, records: IDataObject[], why: string): NodeOperationError {
	const named = records.map((record) => describeRecord(resource, record)).join(' and ');
	return copiesKept(
		ctx,
		`another execution created the same ${resource} at the same moment: the service now has ${named}; ${why}, so ${BOTH_KEPT}`,
		`Check both in the service and delete the one not wanted.`,
	);
}

/**
 * The item's error for two records of one key it leaves in the service. With Continue On Fail off, n8n shows
 * one item's error, and after Retry On Fail the last try's: every failure of the node in the execution tells of
 * these copies too (run-stop), so the duplicate is never silent.
 */
export function copiesKept(ctx: IExecuteSingleFunctions, problem: string, description: string): NodeOperationError {
	return keptAlongside(ctx, problem, inputError(ctx, problem, description));
}

/** Another failure of the item (a refused request) that leaves two records of one key: told as copiesKept tells. */
export function keptAlongside<T>(ctx: IExecuteSingleFunctions, report: string, failure: T): T {
	noteCopyLeft(ctx, report, `kept\u0000${ctx.getItemIndex()}`);
	return failure;
}
