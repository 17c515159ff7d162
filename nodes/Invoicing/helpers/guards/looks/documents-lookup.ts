import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { afterItemLoop } from '../../../engine/item-loop';
import { listOf } from '../../../../shared/api-answers';
import { readApi } from '../../request/read-api';
import { matchOf, type GuardedResource } from '../keys/matching';
import { listOfRun, recordsOfRun } from './run-lists';
import type { RunScope } from '../path/run-scope';

/**
 * Past this many distinct clients in one run, one read of the whole list replaces the reads per client: it
 * costs one request instead of that many (rate limits), whatever the book's size.
 */
export const MAX_CLIENT_READS = 20;

/** Where the records of this kind name their client (spec `match.owner`). */
function ownerOf(kind: GuardedResource): { stored: string; list: string } {
	const owner = matchOf(kind).owner;
	if (!owner) throw new Error(`The ${kind} belongs to no client`);
	return owner;
}

/** Call before any await: the run decides how to look up once every item has said which client it needs. */
export function joinClient(scope: RunScope, clientId: string): void {
	scope.clients.add(clientId);
}

export function lookupWay(scope: RunScope): Promise<'perClient' | 'wholeList'> {
	scope.lookupWay ??= afterItemLoop().then(() => (scope.clients.size > MAX_CLIENT_READS ? 'wholeList' : 'perClient'));
	return scope.lookupWay;
}

/** The client's records of this kind (its invoices, its estimates) as the service has them now: `GET /client/{id}`, whose size follows that client's history. */
export async function readClientDocuments(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	kind: GuardedResource,
	clientId: string,
): Promise<IDataObject[]> {
	const body = await readApi(ctx, options, `/client/${encodeURIComponent(clientId)}`);
	return listOf(body, ownerOf(kind).list);
}

/**
 * The client's invoices or estimates, read once per run and shared by its items (kept up to date with what the
 * run creates): one `GET /client/{id}` per distinct client, or, for a run touching many clients, one read of
 * the whole list, then only that client's records of it.
 */
export async function documentsOfRun(
	ctx: IExecuteSingleFunctions,
	scope: RunScope,
	options: IHttpRequestOptions,
	kind: GuardedResource,
	clientId: string,
): Promise<IDataObject[]> {
	const way = await lookupWay(scope);
	return await listOfRun(ctx, scope, `${kind}\u0000${clientId}`, async () => {
		if (way === 'perClient') return await readClientDocuments(ctx, options, kind, clientId);
		const all = await recordsOfRun(ctx, scope, options, kind);
		return all.filter((record) => String(record[ownerOf(kind).stored]) === clientId);
	});
}
