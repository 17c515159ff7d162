import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { listOf, recordFromAnswer } from '../../../../shared/api-answers';
import type { ApiEnvelope, ApiParams } from '../../../../shared/api-types';
import { SPEC_OF } from '../../../resources/resources';
import { inputError } from '../../errors/item-errors';
import { describeRecord, differences, findMatches, type GuardedResource, matchKey, matchOf } from '../keys/matching';
import { convergeSequenced } from './number-check';
import { type StatusNotApplied, updateTwin } from '../writes/update-values';
import { handOn, type WriteDecision } from '../path/write-guards';
import { deleteFailure } from '../../request/helper-request';
import { readAfterCreate } from '../../request/read-api';
import { rejectUnchecked } from '../../request/run-stop';
import { lookupWay } from '../looks/documents-lookup';
import { createdBefore, makingOrderKnown } from '../keys/created-order';
import { BOTH_KEPT, bothKept, copiesKept, keptAlongside } from './both-kept';
import { type RunScope, runScope } from '../path/run-scope';

/** What a create's look again decided: its own record stays, or the one another execution made at the same moment. */
export type CreateConverged =
	| { kind: 'created' }
	| { kind: 'twin'; kept: ApiEnvelope; handoff: TwinHandoff }
	/** Create or Update: the row's values went onto the twin that stays (one PUT). */
	| { kind: 'twinUpdated'; answer: ApiEnvelope; notApplied?: StatusNotApplied; handoff: TwinHandoff };

type CreateDecision = Extract<WriteDecision, { kind: 'create' }>;

/**
 * A create's steps after its answer (write-path): the look again for a twin another execution made at the same
 * moment (`convergeCreate` on the key; `number-check` on the content for Next in Sequence), and the convergence on
 * the record made first, the later copy deleted by its maker. The key's turn passes on with the record that stays.
 * With If Already Exists = Error a twin is an error, as it would have been had it been there a moment earlier.
 */
export async function convergeAfterCreate(ctx: IExecuteSingleFunctions, resource: GuardedResource, decision: CreateDecision, answer: ApiEnvelope): Promise<CreateConverged> {
	if (!decision.wanted && !decision.sequenced) return { kind: 'created' };
	const created = recordFromAnswer(SPEC_OF, resource, answer);
	const converged = decision.wanted
		? await convergeCreate(ctx, resource, created, decision.wanted, decision.upsert === true, decision.list)
		: await sequencedTwin(ctx, resource, created);
	// the next item on the key gets the record that stays, never the copy just deleted
	if (decision.wanted) handOn(ctx, converged ? recordFromAnswer(SPEC_OF, resource, converged.kept) : created);
	if (!converged) return { kind: 'created' };
	const { kept } = converged;
	const keptRecord = recordFromAnswer(SPEC_OF, resource, kept);
	if (decision.twinIsError) {
		throw inputError(
			ctx,
			`The ${resource} ${describeRecord(resource, keptRecord)} already exists: another execution created it at the same moment (this execution's copy was deleted)`,
			'Use "Create or Update" to change it, or set "If Already Exists" to "Return Existing If Identical".',
		);
	}
	const handoff = twinHandoff(String(created.id), String(keptRecord.id));
	if (converged.updated) return { kind: 'twinUpdated', ...converged.updated, handoff };
	return { kind: 'twin', kept, handoff };
}

/** Next in Sequence's twin look (number-check), as the record that stays. */
async function sequencedTwin(ctx: IExecuteSingleFunctions, resource: GuardedResource, created: IDataObject): Promise<Converged | undefined> {
	const kept = await convergeSequenced(ctx, resource, created);
	return kept ? { kept } : undefined;
}

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

/** The record that stays after a create met its twin; for Create or Update, also the PUT that gave it the row's values. */
interface Converged {
	kept: ApiEnvelope;
	updated?: { answer: ApiEnvelope; notApplied?: StatusNotApplied };
}

/**
 * After a guarded create, the key's records as the service has them now. Another execution in another process
 * (a queue worker, another n8n) may have created the same key at the same moment: turns on a key are per process.
 * Every execution that looks orders the key's records the same way, by when the service made them (created_at,
 * then id: see created-order), not by the order the service lists them in, which the interface does not state.
 * The first one made stays; each execution whose record was made later deletes its own (just created, nothing
 * sent on it yet), but only once a read made after both writes shows the one that stays with this row's values
 * (Create or Update first gives it them). A twin with other values, or two records whose order cannot be told,
 * are both kept and the item fails naming both (both-kept). An execution that looks before its twin was stored
 * sees only its own and keeps it; its twin, made later, sees both. Returns the record that stays when it is not
 * this one (then output as `existing`); undefined when this one stays. `runList`: the run's list the key's later
 * items look in; it is kept as the look again saw the key (a twin both kept is found there, a deleted copy is not).
 */
export async function convergeCreate(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	created: IDataObject,
	wanted: ApiParams,
	upsert: boolean,
	runList?: IDataObject[],
): Promise<Converged | undefined> {
	const made = `the ${resource} ${describeRecord(resource, created)}`;
	const unchecked = rejectUnchecked(ctx, () => made);
	const looked = await lookAgain(ctx, resource, wanted).catch(unchecked);
	const listed = findMatches(resource, wanted, looked);
	if (runList) seeInRunList(runList, listed);
	const key = matchKey(resource, wanted);
	if (listed.length === 0) return undefined;
	if (!listed.some((record) => String(record.id) === String(created.id))) {
		throw copiesKept(
			ctx,
			`the ${resource} ${describeRecord(resource, created)} was created, but the service does not list it among the ${resource}s with the ${key.field.replace('_', ' ')} "${key.value}": ${listed.map((r) => describeRecord(resource, r)).join(', ')}`,
			`Another execution created the same ${resource} at the same moment. Check both in the service and delete one.`,
		);
	}
	// what the listing says, not the create's answer: a twin judges from the same read
	const first = listed.reduce((earliest, record) => (createdBefore(record, earliest) ? record : earliest));
	if (listed.some((record) => record !== first && !makingOrderKnown(first, record))) {
		throw bothKept(ctx, resource, listed, 'which was made first cannot be told from what the service returns (the same created_at, ids that are not numbers)');
	}
	if (String(first.id) === String(created.id)) return undefined;
	const firstUrl = `/${resource}/${encodeURIComponent(String(first.id))}`;
	let kept = await readAfterCreate(ctx, firstUrl).catch(unchecked);
	let updated: Converged['updated'];
	if (upsert) {
		// refused, it leaves both: told as two copies kept are, beyond this item's error
		const told = (failure: unknown) =>
			Promise.reject(keptAlongside(ctx, `another execution created the same ${resource} at the same moment: the service now has ${describeRecord(resource, first)} and ${describeRecord(resource, created)}; giving the first this item's values failed, so ${BOTH_KEPT}`, failure));
		updated = await updateTwin(ctx, resource, recordFromAnswer(SPEC_OF, resource, kept), wanted, String(created.id)).catch(told);
		kept = await readAfterCreate(ctx, firstUrl).catch(unchecked);
	}
	const other = differences(resource, wanted, recordFromAnswer(SPEC_OF, resource, kept));
	if (other.length > 0) throw bothKept(ctx, resource, [first, created], `${describeRecord(resource, first)} holds other values (${other.join(', ')})`);
	const failure = await deleteFailure(ctx, `/${resource}/${encodeURIComponent(String(created.id))}`);
	if (failure === undefined && runList) dropFromRunList(runList, String(created.id));
	if (failure !== undefined) {
		throw copiesKept(
			ctx,
			`another execution created the same ${resource} at the same moment: the service now has ${describeRecord(resource, first)} and ${describeRecord(resource, created)}, and deleting this execution's copy (id ${String(created.id)}) failed: ${failure}`,
			`Delete the ${resource} with id ${String(created.id)} in the service; ${describeRecord(resource, first)} is the one to keep.`,
		);
	}
	return { kept, updated };
}

/** The key's records the look again found join the run's list, so a later item of the run sees a twin too. */
function seeInRunList(runList: IDataObject[], listed: IDataObject[]): void {
	for (const record of listed) if (!runList.some((known) => String(known.id) === String(record.id))) runList.push(record);
}

function dropFromRunList(runList: IDataObject[], id: string): void {
	const at = runList.findIndex((record) => String(record.id) === id);
	if (at >= 0) runList.splice(at, 1);
}

/**
 * Twins across processes finish once. When two executions create the same record at the same moment,
 * the one whose copy was made later deletes it and outputs the other's (convergeCreate above). Its item then carries
 * `twin` (the id it deleted, the id it kept): the execution that made the kept record goes on with the chain, so a
 * Send or Record Payment fed that item does not act again; it is skipped and says why. A re-run's `existing` has
 * no `twin`, so re-runs act as before (their guards look at the send log and the payments).
 */
export const TWIN_KEY = 'twin';

export interface TwinHandoff {
	deleted_id: string;
	kept_id: string;
	note: string;
}

function twinHandoff(deletedId: string, keptId: string): TwinHandoff {
	return {
		deleted_id: deletedId,
		kept_id: keptId,
		note: 'Another execution created this record at the same moment and goes on with it; the Send and Record Payment steps fed this item skip it.',
	};
}

/** The hand-off the item this action acts on carries for record `id`, if any. */
export function handedOffTo(ctx: IExecuteSingleFunctions, id: string): TwinHandoff | undefined {
	const json = ctx.getInputData()?.json as IDataObject | undefined;
	const twin = json?.[TWIN_KEY] as Partial<TwinHandoff> | undefined;
	if (typeof twin !== 'object' || twin === null || String(twin.kept_id) !== id) return undefined;
	return twin as TwinHandoff;
}
