import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { recordFromAnswer } from '../../../../shared/api-answers';
import type { ApiParams } from '../../../../shared/api-types';
import { SPEC_OF } from '../../../resources/resources';
import { madeHere } from '../../output/made-here';
import { findMatches, type GuardedResource } from '../keys/matching';
import { singleMatch } from '../path/write-guards';
import { convergeCreate } from './after-create';

/**
 * The key's one record as a guarded create's look sees it. Several records of the key, one of which this
 * execution made, are a create and its twin whose convergence did not finish: the look again after the create
 * failed, or kept both and failed the item, and Retry On Fail runs the node again (or a loop runs it again). They
 * converge now as they would have then (after-create): the first made stays, this execution's later copy is
 * deleted once the one that stays holds the row's values, else both are kept and the item fails naming both.
 * Any other several matches are an error naming them (singleMatch): the node never guesses.
 */
export async function oneMatch(ctx: IExecuteSingleFunctions, resource: GuardedResource, params: ApiParams, records: IDataObject[], upsert: boolean): Promise<IDataObject | undefined> {
	const matches = findMatches(resource, params, records);
	const own = matches.length > 1 ? matches.find((record) => madeHere(ctx, resource, record) !== undefined) : undefined;
	if (!own) return singleMatch(ctx, resource, params, records);
	const converged = await convergeCreate(ctx, resource, own, params, upsert, records);
	return converged ? recordFromAnswer(SPEC_OF, resource, converged.kept) : own;
}
