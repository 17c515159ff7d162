import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiParams } from '../../../../shared/api-types';
import { todayIn } from '../../../../shared/dates';
import { inputError } from '../../errors/item-errors';
import { withParams } from '../../request/pre-send';
import { ItemMemory } from '../../../engine/item-memory';
import { contentOf, holdsKey, matchedBy, type Content, type DocumentKey, type MatchedBy } from '../keys/content-match';
import { describeRecord, type GuardedResource } from '../keys/matching';
import { numberKey, storedNumber } from '../keys/number-pattern';
import type { RunSequence } from './run-sequence';
import { settleRule } from '../path/uncertain-writes';
import { longestHoldMs } from '../path/hold-limit';
import { decide, readInstead } from '../path/write-guards';

export { isNextNumber } from '../keys/number-pattern';
export { joinSequence, sequenceOfItem } from './join-sequence';

/** How a row of the sequence is keyed: what its output says (`rerun_key`, and `matched_by` when found). */
export interface RowKey {
	rerunKey?: string;
	matchedBy: MatchedBy;
}

const rowKeys = new ItemMemory<RowKey>();

export const rowKeyOf = (ctx: IExecuteSingleFunctions): RowKey | undefined => rowKeys.get(ctx);

/** What a found document was recognised by: its key, or (an invoice made before invoices named their estimate) its content. */
const foundBy = (content: Content, record: IDataObject): MatchedBy => (content.key && !holdsKey(content.key, record) ? 'content' : matchedBy(content));

const MATCH_WORDS: Record<MatchedBy, string> = {
	key: 'Re-Run Key',
	estimate: 'estimate',
	content: 'client, issue date, line items and amounts',
};

/** How the sequenced create of a row is keyed and compared (see sequencedCreate). */
export interface SequencedWay {
	/** What an existing document must hold (Create From Estimate leaves out the dates it chose); default: what is sent. */
	compared?: ApiParams;
	/** A document without a description may be the row's too (see content-match). */
	orNoDescription?: boolean;
	/** What names the row's document whatever else it holds: a Re-Run Key, or the estimate it comes from. */
	key?: DocumentKey;
	optionsCollection?: string;
}

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
	way: SequencedWay = {},
): Promise<IHttpRequestOptions> {
	const { compared = params, orNoDescription = false, key, optionsCollection = 'guardOptions' } = way;
	const { sequence, index } = joined;
	const resource = sequence.resource;
	let claimed = false;
	let handedOver = false;
	try {
		const dated: ApiParams = { ...params, issue_date: params.issue_date ?? todayIn(ctx.getTimezone()) };
		const wanted: ApiParams = compared === params ? dated : compared;
		const content: Content = { ...contentOf(dated, wanted, orNoDescription), ...(key ? { key } : {}) };
		rowKeys.set(ctx, { ...(key?.by === 'key' ? { rerunKey: key.value } : {}), matchedBy: matchedBy(content) });
		const holdMs = longestHoldMs(ctx, options, optionsCollection);
		claimed = true;
		const claim = await sequence.claim(ctx, options, index, content, ifExists !== 'create', holdMs);
		const verdict = claim.kind === 'sameKeyAs' ? await madeByEarlierRow(ctx, sequence, index, claim.index, content) : claim;
		const list = sequence.runList();
		const done = (record?: IDataObject) => sequence.settle(index, record);
		if (verdict.kind === 'existing') rowKeys.set(ctx, { ...rowKeys.get(ctx), matchedBy: foundBy(content, verdict.record) });
		if (ifExists === 'error' && verdict.kind === 'existing') {
			done();
			throw inputError(
				ctx,
				`Same ${MATCH_WORDS[foundBy(content, verdict.record)]} as the ${resource} ${describeRecord(resource, verdict.record)}: not created again`,
				'Set "If Already Exists" to "Return Existing If Identical" or "Create Anyway".',
			);
		}
		if (verdict.kind === 'existing') {
			// a key names the document whatever else it holds: it is returned as it is
			decide(ctx, { kind: 'existing', wanted: key ? {} : wanted, resource });
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

/**
 * The document an earlier row of the run with the same key made, as the run's looks after its writes leave it (the
 * twin's when that row's copy went): this row's too; when that row failed, this one fails naming it.
 */
async function madeByEarlierRow(ctx: IExecuteSingleFunctions, sequence: RunSequence, index: number, earlier: number, content: Content): Promise<{ kind: 'existing'; record: IDataObject }> {
	const made = await sequence.createdBy(earlier);
	if (made) return { kind: 'existing', record: { ...made, id: await sequence.keptFor(ctx, index, earlier, made) } };
	throw inputError(
		ctx,
		`The item ${earlier} of this run has the same ${MATCH_WORDS[matchedBy(content)]} and failed: nothing was sent for this item (item ${earlier}'s error says what became of its ${sequence.resource})`,
		'Run it again: a re-run makes the document once, or finds it.',
	);
}
