import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { listOf } from '../../../../shared/api-answers';
import { isApiSuccess } from '../../../../shared/api-errors';
import { sendHelperRequest } from '../../request/helper-request';
import type { ApiEnvelope, ApiParams } from '../../../../shared/api-types';
import { inputError } from '../../errors/item-errors';
import { readAfterCreate, readAfterWrite } from '../../request/read-api';
import { describeRecord, findMatches, matchKey, matchOf, type GuardedResource } from '../keys/matching';
import { lookupWay } from '../looks/documents-lookup';
import { createdBefore } from '../keys/created-order';
import { runScope, type RunScope } from '../path/run-scope';

/**
 * The guard's own read, taken again after the create: a client's documents (or, when the run's guard read the
 * whole list because it touched many clients, that list, then this client's records of it), or every client.
 */
async function lookAgain(ctx: IExecuteSingleFunctions, resource: GuardedResource, wanted: ApiParams): Promise<IDataObject[]> {
	const owner = matchOf(resource).owner;
	if (!owner) return listOf(await readStartingNow(ctx, `/${resource}/all`), 'data');
	const clientId = String(wanted[owner.param]);
	const way = await lookupWay(runScope(ctx));
	if (way !== 'wholeList') return listOf(await readStartingNow(ctx, `/client/${encodeURIComponent(clientId)}`), owner.list);
	return listOf(await readStartingNow(ctx, `/${resource}/all`), 'data').filter((record) => String(record[owner.stored]) === clientId);
}

/** The looks after creates of one run, by URL: the one in flight, and the next one the items that came since wait for. */
interface LooksAfter {
	inFlight?: Promise<ApiEnvelope>;
	next?: Promise<ApiEnvelope>;
}

const looksOfRun = new WeakMap<RunScope, Map<string, LooksAfter>>();

/**
 * A read of `url` that starts after this item's create was answered, shared by the run's items: a read already in
 * flight started before this answer and may miss it, so the item waits for the next one, which every item that came
 * meanwhile shares (100 creates for one client: a few reads, not 100). A failed shared read is made again by each
 * item, so its failure names the item.
 */
function readStartingNow(ctx: IExecuteSingleFunctions, url: string): Promise<ApiEnvelope> {
	const scope = runScope(ctx);
	const byUrl = looksOfRun.get(scope) ?? new Map<string, LooksAfter>();
	looksOfRun.set(scope, byUrl);
	const looks = byUrl.get(url) ?? {};
	byUrl.set(url, looks);
	const start = () => {
		const read = readAfterCreate(ctx, url);
		looks.inFlight = read;
		const done = () => {
			if (looks.inFlight === read) looks.inFlight = undefined;
		};
		read.then(done, done);
		return read;
	};
	if (!looks.next && !looks.inFlight) return start();
	looks.next ??= looks.inFlight
		?.then(
			() => undefined,
			() => undefined,
		)
		.then(() => {
			looks.next = undefined;
			return start();
		});
	return (looks.next ?? start()).catch(async () => await readAfterCreate(ctx, url));
}

/** Deletes this execution's copy; what went wrong when it did not (the item's error names both records). */
export async function deleteFailure(ctx: IExecuteSingleFunctions, url: string): Promise<string | undefined> {
	try {
		const answer = await sendHelperRequest(ctx, { method: 'DELETE', url, action: `DELETE ${url}` });
		if (isApiSuccess(answer.statusCode, answer.body)) return undefined;
		const said = (answer.body as { message?: unknown } | undefined)?.message;
		return `HTTP ${answer.statusCode}${typeof said === 'string' ? ` ${said}` : ''}`;
	} catch (error) {
		return (error as Error).message;
	}
}

/**
 * After a guarded create, the key's records as the service has them now. Another execution in another process
 * (a queue worker, another n8n) may have created the same key at the same moment: turns on a key are per process.
 * Every execution that looks orders the key's records the same way, by when the service made them (created_at,
 * then id: see created-order), not by the order the service lists them in, which the interface does not state.
 * The first one made stays; each execution whose record was made later deletes its own (just created, nothing
 * sent on it yet). An execution that looks before its twin was stored sees only its own and keeps it; its twin,
 * made later, sees both and deletes its own. Returns the service's answer for the record that stays when it is
 * not this one (then output as `existing`); undefined when this one stays.
 */
export async function convergeCreate(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	created: IDataObject,
	wanted: ApiParams,
): Promise<ApiEnvelope | undefined> {
	const listed = findMatches(resource, wanted, await lookAgain(ctx, resource, wanted));
	const key = matchKey(resource, wanted);
	if (listed.length === 0) return undefined;
	if (!listed.some((record) => String(record.id) === String(created.id))) {
		throw inputError(
			ctx,
			`the ${resource} ${describeRecord(resource, created)} was created, but the service does not list it among the ${resource}s with the ${key.field.replace('_', ' ')} "${key.value}": ${listed.map((r) => describeRecord(resource, r)).join(', ')}`,
			`Another execution created the same ${resource} at the same moment. Check both in the service and delete one.`,
		);
	}
	// what the listing says, not the create's answer: a twin judges from the same read
	const first = listed.reduce((earliest, record) => (createdBefore(record, earliest) ? record : earliest));
	if (String(first.id) === String(created.id)) return undefined;
	const both = `${describeRecord(resource, first)} and ${describeRecord(resource, created)}`;
	const ownUrl = `/${resource}/${encodeURIComponent(String(created.id))}`;
	const failure = await deleteFailure(ctx, ownUrl);
	if (failure !== undefined) {
		throw inputError(
			ctx,
			`another execution created the same ${resource} at the same moment: the service now has ${both}, and deleting this execution's copy (id ${String(created.id)}) failed: ${failure}`,
			`Delete the ${resource} with id ${String(created.id)} in the service; ${describeRecord(resource, first)} is the one to keep.`,
		);
	}
	return await readAfterWrite(ctx, `/${resource}/${encodeURIComponent(String(first.id))}`);
}
