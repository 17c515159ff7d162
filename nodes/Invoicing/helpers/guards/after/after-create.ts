import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { recordFromAnswer } from '../../../../shared/api-answers';
import type { ApiEnvelope } from '../../../../shared/api-types';
import { SPEC_OF } from '../../../resources/resources';
import { inputError } from '../../errors/item-errors';
import { convergeCreate } from './converge-create';
import { describeRecord, type GuardedResource } from '../keys/matching';
import { convergeSequenced, lookAfterNumberedWrite } from './number-check';
import type { StatusNotApplied } from '../writes/payment-status';
import { twinHandoff, type TwinHandoff } from './twin-handoff';
import { updateTwin } from '../writes/update-values';
import { handOn, type WriteDecision } from '../path/write-guards';

/** What a create's look again decided: its own record stays, or the one another execution made at the same moment. */
export type CreateConverged =
	| { kind: 'created' }
	| { kind: 'twin'; kept: ApiEnvelope; handoff: TwinHandoff }
	/** Create or Update: the row's values went onto the twin that stays (one PUT). */
	| { kind: 'twinUpdated'; answer: ApiEnvelope; notApplied?: StatusNotApplied; handoff: TwinHandoff };

type CreateDecision = Extract<WriteDecision, { kind: 'create' }>;

/**
 * A create's steps after its answer (write-path): the look again for a twin another execution made at the same
 * moment (`converge-create` on the key; `number-check` on the content for Next in Sequence), and the convergence on
 * the record made first, the later copy deleted by its maker. The key's turn passes on with the record that stays.
 * With If Already Exists = Error a twin is an error, as it would have been had it been there a moment earlier.
 */
export async function convergeAfterCreate(ctx: IExecuteSingleFunctions, resource: GuardedResource, decision: CreateDecision, answer: ApiEnvelope): Promise<CreateConverged> {
	if (!decision.wanted && !decision.sequenced) return { kind: 'created' };
	const created = recordFromAnswer(SPEC_OF, resource, answer);
	const kept = decision.wanted ? await convergeCreate(ctx, resource, created, decision.wanted) : await convergeSequenced(ctx, resource, created);
	// the next item on the key gets the record that stays, never the copy just deleted
	if (decision.wanted) handOn(ctx, kept ? recordFromAnswer(SPEC_OF, resource, kept) : created);
	if (!kept) return { kind: 'created' };
	const keptRecord = recordFromAnswer(SPEC_OF, resource, kept);
	if (decision.twinIsError) {
		throw inputError(
			ctx,
			`The ${resource} ${describeRecord(resource, keptRecord)} already exists: another execution created it at the same moment (this execution's copy was deleted)`,
			'Use "Create or Update" to change it, or set "If Already Exists" to "Return Existing If Identical".',
		);
	}
	const handoff = twinHandoff(String(created.id), String(keptRecord.id));
	if (decision.upsert && decision.wanted) return { kind: 'twinUpdated', ...(await updateTwin(ctx, resource, keptRecord, decision.wanted, String(created.id))), handoff };
	return { kind: 'twin', kept, handoff };
}

/**
 * The last step after a create the node numbered (Next in Sequence) that stays: once the run's writes have their
 * answers, its number is looked at again, and a number a document made before it also has is replaced by the next
 * free one until it holds (`number-check`). Any other record is returned as it is.
 */
export async function numberThatHolds(ctx: IExecuteSingleFunctions, resource: GuardedResource, created: IDataObject): Promise<IDataObject> {
	return await lookAfterNumberedWrite(ctx, resource, created);
}
