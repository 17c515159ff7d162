import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { ItemMemory } from '../../../engine/item-memory';
import { isApiSuccess, outcomeUnknown } from '../../../../shared/api-errors';
import type { ApiEnvelope, ApiParams } from '../../../../shared/api-types';
import { inputError } from '../../errors/item-errors';
import { ENVELOPE } from '../../input/field-specs';
import { describeRecord, findMatches, matchKey, type GuardedResource } from '../keys/matching';
import type { TwinWatch } from './write-keys';
import { noteUncertainWrite, settleTimeFor } from './uncertain-writes';

/** What the node decided for one item before its request left; read back when the answer comes. */
export type WriteDecision =
	/**
	 * `wanted`: what the guard looked up (given when it was on): the create looks again after its answer (after-create);
	 * `sequenced`: a Next in Sequence row matched on its content, which looks again after the run's writes (number-check);
	 * `upsert`: Create or Update, which gives a twin that stays its values (update-values).
	 */
	| { kind: 'create'; resource: GuardedResource; list?: IDataObject[]; wanted?: ApiParams; twinIsError?: boolean; sequenced?: boolean; upsert?: boolean }
	| { kind: 'update'; notes?: IDataObject }
	| { kind: 'write'; key: string; resource: GuardedResource; watch?: TwinWatch }
	| { kind: 'existing'; wanted: ApiParams; resource: GuardedResource }
	/** `answer`: the record as read when the skip was decided after the write was refused (else the request's own answer). */
	| { kind: 'skip'; message: string; answer?: ApiEnvelope };

/** A write the guard let through: its key, and what a retry needs should its outcome be unknown. */
export interface GuardedWrite {
	/** The key a retry's look finds it under (write-path); none for a row of a sequence, whose lane remembers it (`onUnanswered`). */
	key?: string;
	/** The longest a retry keeps looking for it (0: not at all). */
	settleMs: number;
	/** The request's time-out: a write that failed sooner settles in proportion. */
	timeoutMs: number;
	/** What the guard saw before it (payment references, send log entries). */
	seen?: string[];
	/** Told when the write got no answer, with until when it may still land (the sequence's next runs look for it). */
	onUnanswered?: (until: number) => void;
}

interface Pending {
	decision: WriteDecision;
	endTurn?: (created?: IDataObject) => void;
	write?: GuardedWrite;
	/** When the write was let through (ms since epoch). */
	sentAt: number;
}

const pending = new ItemMemory<Pending>();

/** The item's entry, also from the request middleware. */
function pendingOf(ctx: IExecuteSingleFunctions): Pending | undefined {
	return pending.get(ctx);
}

export function decisionOf(ctx: IExecuteSingleFunctions): WriteDecision | undefined {
	return pendingOf(ctx)?.decision;
}

/**
 * `write`: given when the decision sends a write the guard watches (create, upsert, payment, send). A decision
 * made again after the answer (a refused payment whose twin landed becomes a skip) keeps the turn the item still
 * holds: dropped, it would never end, and the next item on the key would wait for ever.
 */
export function decide(ctx: IExecuteSingleFunctions, decision: WriteDecision, endTurn?: (created?: IDataObject) => void, write?: GuardedWrite): void {
	const held = endTurn ?? pendingOf(ctx)?.endTurn;
	pending.set(ctx, { decision, endTurn: held, write, sentAt: Date.now() });
}

function endItemTurn(entry: Pending, created?: IDataObject): void {
	entry.endTurn?.(created);
	entry.endTurn = undefined;
}

function noteUnanswered(ctx: IExecuteSingleFunctions, entry: Pending): void {
	const write = entry.write;
	if (!write) return;
	const settle = settleTimeFor(write.settleMs, write.timeoutMs, Date.now() - entry.sentAt);
	if (write.key !== undefined) noteUncertainWrite(ctx, write.key, settle, write.seen);
	write.onUnanswered?.(Date.now() + settle);
}

/** A write whose answer never came (time-out, dropped connection): a retry looks for it first; the next item may go. */
export function settleFailedWrite(ctx: IExecuteSingleFunctions, mayHaveArrived: boolean): void {
	const entry = pendingOf(ctx);
	if (!entry) return;
	if (mayHaveArrived && entry.write) noteUnanswered(ctx, entry);
	endItemTurn(entry);
}

/**
 * Called first for every answer: a record this run created joins the run's list (so a later item with
 * the same key finds it), then the next item waiting on the key may go.
 */
export function settleWrite(ctx: IExecuteSingleFunctions, response: IN8nHttpFullResponse): void {
	const entry = pendingOf(ctx);
	// a 429 applied nothing and is not a write of unknown outcome; the item keeps its turn while it is sent again
	if (!entry || response.statusCode === 429) return;
	const { decision } = entry;
	if (entry.write && outcomeUnknown(response.statusCode, response.body)) noteUnanswered(ctx, entry);
	if (!entry.endTurn) return;
	let created: IDataObject | undefined;
	if (decision.kind === 'create' && isApiSuccess(response.statusCode, response.body)) {
		const answer = (response.body as ApiEnvelope)[ENVELOPE[decision.resource]];
		if (Array.isArray(answer) && typeof answer[0] === 'object') created = answer[0] as IDataObject;
		if (created && decision.list) decision.list.push(created);
	}
	// a create that looks for its twin after its answer keeps the turn until that look decided which record stays (handOn)
	if (decision.kind === 'create' && decision.wanted && created) return;
	endItemTurn(entry, created);
}

/** The item's turn on its key ends, handing the next holder the key's record that stays (after the look for a twin). */
export function handOn(ctx: IExecuteSingleFunctions, record: IDataObject): void {
	const entry = pendingOf(ctx);
	if (entry) endItemTurn(entry, record);
}

/**
 * The item's request is over (the request middleware, whatever the outcome): its turn ends if nothing ended it
 * yet, so the next item on the key never waits on a request that is done.
 */
export function endTurnOf(ctx: IExecuteSingleFunctions): void {
	const entry = pendingOf(ctx);
	if (entry) endItemTurn(entry);
}

/** The one record this item's key matches, none, or an error naming every match when there are several. */
export function singleMatch(ctx: IExecuteSingleFunctions, resource: GuardedResource, params: ApiParams, records: IDataObject[]): IDataObject | undefined {
	const matches = findMatches(resource, params, records);
	if (matches.length > 1) {
		const key = matchKey(resource, params);
		throw inputError(
			ctx,
			`${matches.length} ${resource}s have the ${key.field.replace('_', ' ')} "${key.value}": ${matches.map((m) => describeRecord(resource, m)).join(', ')}`,
			'The node never guesses which one you mean: make the key unique in the service, or use the record ID with Update.',
		);
	}
	return matches[0];
}

/** The request becomes a read of the record, so the engine's answer carries it (nothing is written). */
export function readInstead(options: IHttpRequestOptions, resource: GuardedResource, id: string): IHttpRequestOptions {
	return { ...options, method: 'GET', url: `/${resource}/${encodeURIComponent(id)}`, qs: {}, body: undefined };
}
