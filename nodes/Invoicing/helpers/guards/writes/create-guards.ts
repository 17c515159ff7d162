import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../../shared/api-answers';
import type { ApiParams } from '../../../../shared/api-types';
import { inputError } from '../../errors/item-errors';
import { resolveKeyedFields } from '../../input/record-lookup';
import { createParams, type PreSend, withParams } from '../../request/pre-send';
import { readApi } from '../../request/read-api';
import { describeRecord, type GuardedResource, matchKey, matchOf } from '../keys/matching';
import { documentsOfRun, joinClient, readClientDocuments } from '../looks/documents-lookup';
import { isNextNumber, joinSequence, sequencedCreate } from './next-number';
import { keyedParams } from '../keys/rerun-key';
import { runScope } from '../path/run-scope';
import { statusNotAppliedKeys, updateValues } from './update-values';
import { lookupRecordsOfRun } from '../../request/lookup-lists';
import { decide, type GuardedWrite, readInstead } from '../path/write-guards';
import { oneMatch } from '../after/own-copy';
import type { WriteKey } from '../path/write-keys';
import { alongWritePath, type Look } from '../path/write-path';

export type IfExists = 'returnIdentical' | 'error' | 'create';

/**
 * Where a record's key must be unique: a client's e-mail or name, and by default an invoice's or estimate's
 * number, in the whole book (Options > Numbers Unique Within: Whole Book); "Each Client" keeps the per-client
 * check of books that repeat numbers on purpose.
 */
type KeyScope = { kind: 'book' } | { kind: 'perClient'; clientId: string };

function keyScope(ctx: IExecuteSingleFunctions, resource: GuardedResource, params: ApiParams, optionsCollection: string): KeyScope {
	const owner = matchOf(resource).owner;
	if (owner === undefined) return { kind: 'book' };
	const chosen = (ctx.getNodeParameter(optionsCollection, {}) as IDataObject).numberScope;
	return chosen === 'eachClient' ? { kind: 'perClient', clientId: String(params[owner.param]) } : { kind: 'book' };
}

/** The key items take turns on (in every execution of the process): the record kind, the key's value, and the client when numbers count per client. */
const writeKey = (resource: GuardedResource, params: ApiParams, scope: KeyScope): WriteKey => ({
	kind: 'record',
	resource,
	...matchKey(resource, params),
	...(scope.kind === 'perClient' ? { client: scope.clientId } : {}),
});

/** The client a document of `resource` belongs to, as the service lists it. */
const clientOfRecord = (resource: GuardedResource, record: IDataObject): string => {
	const owner = matchOf(resource).owner;
	return owner === undefined ? '' : String(record[owner.stored] ?? '');
};

/**
 * A number held by another client's document is not this row's: refused before anything is written, naming that
 * document and its client (a re-run never moves or copies another client's invoice).
 */
function refuseOtherClient(ctx: IExecuteSingleFunctions, resource: GuardedResource, params: ApiParams, match: IDataObject | undefined): void {
	const owner = matchOf(resource).owner;
	if (!match || owner === undefined) return;
	const theirs = clientOfRecord(resource, match);
	if (theirs === String(params[owner.param])) return;
	const name = match.customer_name === undefined || match.customer_name === '' ? '' : ` "${String(match.customer_name)}"`;
	throw inputError(
		ctx,
		`The ${resource} number "${matchKey(resource, params).value}" is already used by the ${resource} ${describeRecord(resource, match)} of another client${name} (id ${theirs}): not written`,
		`Numbers are unique within the whole book by default: give this ${resource} another number, or set Options > Numbers Unique Within to "Each Client" if your book repeats numbers across clients.`,
	);
}

type MatchOutcome = (match: IDataObject | undefined, list: IDataObject[], endTurn: (created?: IDataObject) => void, write: GuardedWrite) => IHttpRequestOptions;

/** Options collection of the guarded Create and Create or Update (its settle time, where numbers are unique). */
const WRITE_OPTIONS = 'guardOptions';

/**
 * The key's write path (write-path): in this item's turn on its key, the run's one lookup (the whole list of the
 * kind, or a client's documents when numbers count per client), the single match (or none), then what to send.
 * After an unanswered write on this key in this execution, it looks again until that write had time to land.
 */
async function withMatch(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	resource: GuardedResource,
	params: ApiParams,
	optionsCollection: string,
	outcome: MatchOutcome,
	upsert = false,
): Promise<IHttpRequestOptions> {
	const scope = runScope(ctx);
	const where = keyScope(ctx, resource, params, optionsCollection);
	const owner = matchOf(resource).owner;
	// the look after a create reads the client's documents, or the list when the run touches many clients
	if (owner !== undefined) joinClient(scope, String(params[owner.param]));
	let list: IDataObject[] = [];
	const look = async ({ again, handed }: Look): Promise<IDataObject | undefined> => {
		if (!again) {
			list = where.kind === 'book' ? await lookupRecordsOfRun(ctx, scope, options, resource) : await documentsOfRun(ctx, scope, options, resource, where.clientId);
			// created by the key's earlier holder in another run or batch, whose write this list may predate
			if (handed && !list.some((record) => record.id === handed.id)) list.push(handed);
			return await oneMatch(ctx, resource, params, list, upsert);
		}
		const fresh =
			where.kind === 'book' ? listOf(await readApi(ctx, options, `/${resource}/all`), 'data') : await readClientDocuments(ctx, options, resource, where.clientId);
		const found = await oneMatch(ctx, resource, params, fresh, upsert);
		if (found) list.push(found);
		return found;
	};
	return await alongWritePath(ctx, options, writeKey(resource, params, where), optionsCollection, look, (match, turn) => {
		refuseOtherClient(ctx, resource, params, match);
		// the record found is handed on too: the next holder's list may predate it (a write another run's look found landed)
		return outcome(match, list, (created?: IDataObject) => turn.end(created ?? match), turn.write);
	});
}

/**
 * Create with a duplicate guard: the record's key (number within its client; a client's e-mail, else name) is
 * looked up once per run; an existing identical record is returned instead of a second one (checked against
 * the answer, see shapeWrite), a different one is an error, unless If Already Exists says Create Anyway.
 */
export function buildGuardedCreate(resource: GuardedResource): PreSend {
	return async function guardedCreate(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const ifExists = this.getNodeParameter('ifExists', 'returnIdentical') as IfExists;
		if (isNextNumber(this)) {
			const joined = joinSequence(this, options, resource);
			try {
				const { params, key } = keyedParams(this, await resolveKeyedFields(this, options, createParams(this, resource, true)));
				return await sequencedCreate(this, options, joined, params, ifExists, { key });
			} finally {
				// an item that failed before it claimed its place does not hold up the others
				joined.sequence.release(joined.index);
			}
		}
		const params = await resolveKeyedFields(this, options, createParams(this, resource));
		return await guardedCreateRequest(this, options, resource, params, ifExists);
	};
}

/**
 * The guarded create of these parameters (see buildGuardedCreate). `compared`: what an existing record must
 * hold to be this row's (default: everything sent; Create from Estimate leaves out the dates it chose itself).
 */
export async function guardedCreateRequest(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	resource: GuardedResource,
	params: ApiParams,
	ifExists: IfExists,
	compared: ApiParams = params,
	optionsCollection = WRITE_OPTIONS,
): Promise<IHttpRequestOptions> {
	if (ifExists === 'create') {
		decide(ctx, { kind: 'create', resource });
		return withParams(ctx, resource, options, params);
	}
	return await withMatch(ctx, options, resource, params, optionsCollection, (match, list, endTurn, write) => {
		if (!match) {
			decide(ctx, { kind: 'create', resource, list, wanted: params, twinIsError: ifExists === 'error' }, endTurn, write);
			return withParams(ctx, resource, options, params);
		}
		if (ifExists === 'error') {
			throw inputError(
				ctx,
				`The ${resource} ${describeRecord(resource, match)} already exists`,
				'Use "Create or Update" to change it, or set "If Already Exists" to "Create Anyway".',
			);
		}
		decide(ctx, { kind: 'existing', wanted: compared, resource }, endTurn);
		return readInstead(options, resource, String(match.id));
	});
}

/** Create or Update: one match is updated (PUT), none is created, several are an error naming them. */
export function buildUpsertRequest(resource: GuardedResource): PreSend {
	return async function upsertRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const params = await resolveKeyedFields(this, options, createParams(this, resource));
		return await withMatch(this, options, resource, params, WRITE_OPTIONS, (match, list, endTurn, write) => {
			if (!match) {
				decide(this, { kind: 'create', resource, list, wanted: params, upsert: true }, endTurn, write);
				return withParams(this, resource, options, params);
			}
			const { sent, notApplied } = updateValues(this, resource, params, match);
			decide(this, { kind: 'update', notes: notApplied ? statusNotAppliedKeys(notApplied) : undefined }, endTurn);
			return withParams(this, resource, { ...options, method: 'PUT', url: `/${resource}/${encodeURIComponent(String(match.id))}` }, sent);
		}, true);
	};
}
