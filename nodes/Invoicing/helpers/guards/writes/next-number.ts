import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiParams } from '../../../../shared/api-types';
import { todayIn } from '../../../../shared/dates';
import { inputError } from '../../errors/item-errors';
import { withParams } from '../../request/pre-send';
import { contentOf } from '../keys/content-match';
import { describeRecord, type GuardedResource } from '../keys/matching';
import { numberKey, storedNumber } from '../keys/number-pattern';
import type { RunSequence } from './run-sequence';
import { settleRule } from '../path/uncertain-writes';
import { longestHoldMs } from '../path/hold-limit';
import { decide, readInstead } from '../path/write-guards';

export { isNextNumber } from '../keys/number-pattern';
export { joinSequence, sequenceOfItem } from './run-sequence';

/** The record the run's list got for this number (the answer adds it at the end). */
function createdIn(resource: GuardedResource, list: IDataObject[], number: string): IDataObject | undefined {
	for (let i = list.length - 1; i >= 0; i--) if (storedNumber(resource, list[i]) === number) return list[i];
	return undefined;
}

/**
 * The create of an item numbered by the sequence. `params` lack the number; an issue date not given is
 * today's in the workflow's time zone (`datedToday`), sent as such so that a re-run the same day matches it.
 * `compared`: what an existing document must hold (Create From Estimate leaves out the dates it chose);
 * `orNoDescription`: a document without a description may be the row's too (see content-match).
 */
export async function sequencedCreate(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	joined: { sequence: RunSequence; index: number },
	params: ApiParams,
	ifExists: 'returnIdentical' | 'error' | 'create',
	compared: ApiParams = params,
	orNoDescription = false,
	optionsCollection = 'guardOptions',
): Promise<IHttpRequestOptions> {
	const { sequence, index } = joined;
	const resource = sequence.resource;
	let claimed = false;
	let handedOver = false;
	try {
		const dated: ApiParams = { ...params, issue_date: params.issue_date ?? todayIn(ctx.getTimezone()) };
		const wanted: ApiParams = compared === params ? dated : compared;
		const content = contentOf(dated, wanted, orNoDescription);
		const holdMs = longestHoldMs(ctx, options, optionsCollection);
		claimed = true;
		const verdict = await sequence.claim(ctx, options, index, content, ifExists !== 'create', holdMs);
		const list = sequence.runList();
		const done = (record?: IDataObject) => sequence.settle(index, record);
		if (ifExists === 'error' && verdict.kind === 'existing') {
			done();
			throw inputError(
				ctx,
				`Same client, issue date, line items and amounts as the ${resource} ${describeRecord(resource, verdict.record)}: not created again`,
				'Set "If Already Exists" to "Return Existing If Identical" or "Create Anyway".',
			);
		}
		if (verdict.kind === 'existing') {
			decide(ctx, { kind: 'existing', wanted, resource });
			done(verdict.record);
			return readInstead(options, resource, String(verdict.record.id));
		}
		// settled with the record the answer added to the run's list, for a later identical row of this run
		const sentNumber = verdict.number;
		const request = withParams(ctx, resource, options, { client: dated.client, [numberKey(resource).api]: verdict.number, ...dated });
		// a write without answer may have landed: the sequence's next runs (a retry too) look for it before numbering
		const write = { ...settleRule(ctx, options, optionsCollection), onUnanswered: (until: number) => sequence.unanswered(until, content, sentNumber) };
		const sequenced = ifExists !== 'create';
		decide(ctx, { kind: 'create', resource, list, sequenced, twinIsError: ifExists === 'error' }, () => done(createdIn(resource, list, sentNumber)), write);
		handedOver = true;
		return request;
	} finally {
		// a row that failed here does not hold up the others (a create settles when its answer comes)
		if (!handedOver) {
			if (claimed) sequence.settle(index);
			else sequence.release(index);
		}
	}
}
