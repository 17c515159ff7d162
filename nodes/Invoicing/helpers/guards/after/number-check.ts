import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { pause } from '../../../../shared/timers';
import { listOf, recordFromAnswer, withNumberNames } from '../../../../shared/api-answers';
import { SPEC_OF } from '../../../resources/resources';
import { failureLabel } from '../../errors/failure-labels';
import { inputError } from '../../errors/item-errors';
import { REQUIRED_ON_UPDATE } from '../../input/field-specs';
import { putForm } from '../../request/put-form';
import { readAfterCreate, readAfterWrite } from '../../request/read-api';
import { numberKey, storedNumber } from '../keys/number-pattern';
import type { RunSequence } from '../writes/run-sequence';
import { sequenceOfItem } from '../writes/join-sequence';
import { twinOf } from '../writes/sequence-twin';
import { createdBefore } from '../keys/created-order';
import { runScope, sharedList } from '../path/run-scope';
import { deleteFailure } from '../../request/helper-request';
import { rememberLeftCopy, removeLeftCopy } from './left-copy';
import { copiesKept } from './both-kept';
import { rejectUnchecked } from '../../request/run-stop';
import { describeRecord, type GuardedResource, writtenValues } from '../keys/matching';
import type { ApiEnvelope } from '../../../../shared/api-types';

/** How many times a renumbered document is checked again before the item fails naming the clash. */
const MOST_RENUMBERS = 5;

/**
 * Whether `record` must leave its number: a document made before it has it; or, once this run gave it a new number
 * chosen from the list `chosenFrom`, where that number was free, a document created since has it (its maker may
 * have looked already, and keeps it).
 */
function takenBefore(resource: GuardedResource, list: IDataObject[], record: IDataObject, number: unknown, chosenFrom?: IDataObject[]): boolean {
	const since = (other: IDataObject) => chosenFrom !== undefined && !chosenFrom.some((known) => String(known.id) === String(other.id));
	return holdersOf(resource, list, record, number).some((other) => createdBefore(other, record) || since(other));
}

/** The other documents of the list that hold `number`. */
const holdersOf = (resource: GuardedResource, list: IDataObject[], record: IDataObject, number: unknown) =>
	list.filter((other) => storedNumber(resource, other) === number && String(other.id) !== String(record.id));

/**
 * After this run gave `record` a new number, a document made after it that another process renumbered to the same
 * number at the same moment: that process moves it when its own look sees the clash, but it may have looked before
 * this run's renumber landed, and left.
 */
const renumberedAlongside = (resource: GuardedResource, list: IDataObject[], record: IDataObject, number: unknown, chosenFrom?: IDataObject[]) =>
	chosenFrom !== undefined && holdersOf(resource, list, record, number).length > 0;

/**
 * The run's list once every write of it has its answer: one read serves the twin look, the number check, and the
 * sequence's next run in this process (see RunEnd.afterWrites).
 */
const listAfterWrites = (ctx: IExecuteSingleFunctions, resource: GuardedResource, sequence: RunSequence): Promise<IDataObject[]> =>
	sharedList(runScope(ctx), `${resource}\u0000after numbered writes`, async () =>
		sequence.end.afterWrites(async () => listOf(await readAfterCreate(ctx, `/${resource}/all`), 'data')),
	);

/**
 * The twin look after a numbered create (twins converge on whatever the key is; here the row's content):
 * once every write of the run has its answer, the list is read, and when another process made this row's document
 * at the same moment, before this one (see sequence-twin), this copy is deleted (just created, nothing sent on
 * it) and the row has the other. Returns the service's answer for the record kept when it is not this one.
 */
export async function convergeSequenced(ctx: IExecuteSingleFunctions, resource: GuardedResource, created: IDataObject): Promise<ApiEnvelope | undefined> {
	const joined = sequenceOfItem(ctx);
	if (!joined) return undefined;
	const { sequence, index } = joined;
	return await sequence.end.look(async () => await handOverToTwin(ctx, resource, created, sequence, index));
}

async function handOverToTwin(ctx: IExecuteSingleFunctions, resource: GuardedResource, created: IDataObject, sequence: RunSequence, index: number): Promise<ApiEnvelope | undefined> {
	await sequence.everySettled();
	const made = `the ${resource} ${describeRecord(resource, created)}`;
	const unchecked = rejectUnchecked(ctx, () => made);
	const list = await listAfterWrites(ctx, resource, sequence).catch(unchecked);
	// comparing a candidate's lines reads it: a failure there leaves this copy unchecked too
	const twin = await twinOf(sequence, index, created, list).catch(unchecked);
	if (!twin) return undefined;
	const failure = await deleteFailure(ctx, `/${resource}/${encodeURIComponent(String(created.id))}`);
	if (failure !== undefined) {
		throw copiesKept(
			ctx,
			`another execution created the same ${resource} at the same moment: the service now has ${describeRecord(resource, twin)} and ${describeRecord(resource, created)}, and deleting this execution's copy (id ${String(created.id)}) failed: ${failure}`,
			`Delete the ${resource} with id ${String(created.id)} in the service; ${describeRecord(resource, twin)} is the one to keep.`,
		);
	}
	sequence.handedOver(ctx, index, twin, String(created.id));
	return await whenNumberHolds(ctx, resource, twin, list);
}

/** How long a twin's number is waited on to hold, and how often it is read meanwhile. */
const HOLD_WAIT_MS = 5_000;
const HOLD_LOOK_MS = 500;

/**
 * The twin kept, as the service has it once its number holds. When a document made before it has its number too,
 * its maker gives it the next free one in its own look after its writes: the row reported the number it had a
 * moment before (EST-0001, then EST-0007). It is read again every 0.5 s, up to 5 s; a clash
 * that outlasts that is the maker's to report.
 */
async function whenNumberHolds(ctx: IExecuteSingleFunctions, resource: GuardedResource, twin: IDataObject, list: IDataObject[]): Promise<ApiEnvelope> {
	const url = `/${resource}/${encodeURIComponent(String(twin.id))}`;
	const until = Date.now() + HOLD_WAIT_MS;
	let answer = await readAfterWrite(ctx, url);
	for (;;) {
		const record = recordFromAnswer(SPEC_OF, resource, answer);
		if (!takenBefore(resource, list, record, storedNumber(resource, record)) || Date.now() >= until) return answer;
		await pause(Math.min(HOLD_LOOK_MS, until - Date.now()));
		answer = await readAfterWrite(ctx, url);
	}
}

/**
 * The look after a numbered write. Two runs at the same moment in two processes (two queue workers) can pick the
 * same next number, and the service takes both (runs of one process take turns: sequence-lane). Once every write
 * of this run has its answer, the run reads the list once; a document this run created whose number a document
 * made before it also has gets the next free number, from the list read again just before (one PUT of what the API
 * requires on update): it was just created and nothing was sent on it yet. The list is read again and the new number checked, until it holds
 * (at most 5 times), also against a document created since the number was chosen. The document made first keeps
 * its number, whichever run looks, so a number already sent is never changed.
 */
export async function lookAfterNumberedWrite(ctx: IExecuteSingleFunctions, resource: GuardedResource, record: IDataObject): Promise<IDataObject> {
	const joined = sequenceOfItem(ctx);
	if (!joined) return record;
	const { sequence } = joined;
	const removed = await removeLeftCopy(ctx, record);
	if (removed !== undefined) sequence.lane.forget(removed);
	await sequence.everySettled();
	let current = record;
	// a look that fails leaves a document whose number may be given twice: the item's error names it
	const unchecked = rejectUnchecked(ctx, () => `the ${resource} ${describeRecord(resource, current)}`);
	const readList = async () => listOf(await readAfterWrite(ctx, `/${resource}/all`).catch(unchecked), 'data');
	let fresh = await listAfterWrites(ctx, resource, sequence).catch(unchecked);
	const original = storedNumber(resource, record);
	let chosenFrom: IDataObject[] | undefined;
	for (let attempt = 0; ; attempt++) {
		const number = storedNumber(resource, current);
		if (!takenBefore(resource, fresh, current, number, chosenFrom)) {
			if (!renumberedAlongside(resource, fresh, current, number, chosenFrom)) break;
			// the later-made document is the one to move: its maker is given the time of one look to do so
			await pause(HOLD_LOOK_MS);
			fresh = await readList();
			if (!renumberedAlongside(resource, fresh, current, number, chosenFrom)) break;
		}
		if (attempt >= MOST_RENUMBERS) {
			throw inputError(
				ctx,
				`created the ${resource} "${String(number)}" (id ${String(record.id)}), and another ${resource} has that number too, after ${MOST_RENUMBERS} new numbers`,
				`Give this ${resource} a free number with Update.`,
			);
		}
		// the run's list was read once its writes were answered; another process may have created numbers since,
		// which a renumber from that list would take (and that process has looked already): read it again first
		if (attempt === 0) fresh = await readList();
		chosenFrom = fresh;
		const next = sequence.nextFree(fresh);
		try {
			current = await renumber(ctx, resource, current, next, String(number));
			sequence.lane.remember(current);
		} catch (error) {
			throw await withCopyDeleted(ctx, resource, sequence, current, { number: String(number), next, error });
		} finally {
			sequence.lane.free(next);
		}
		fresh = await readList();
	}
	return current === record ? record : { ...current, renumbered_from: String(original) };
}

/**
 * The PUT giving a clashing copy the next free number failed (a 429 with Longest Wait 0, a 5xx): the copy, just
 * created and not yet output, is deleted, so the number is not left given twice, and the item
 * fails saying nothing was made. When the delete fails too, the PUT's error stands, with the delete's failure added.
 */
async function withCopyDeleted(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	sequence: RunSequence,
	copy: IDataObject,
	put: { number: string; next: string; error: unknown },
): Promise<Error> {
	const id = String(copy.id);
	const failure = await deleteFailure(ctx, `/${resource}/${encodeURIComponent(id)}`);
	if (failure === undefined) sequence.lane.forget(id);
	const error = put.error as Error & { description?: string | null; httpCode?: string | null };
	if (failure !== undefined) {
		const deleting = `Deleting it (id ${id}) failed too: ${failure.replace(/\.$/, '')}.`;
		const report = `created the ${resource} "${put.number}" (id ${id}), which another ${resource} created at the same moment also has; giving it the next free number "${put.next}" failed. ${deleting} Give it another number with Update.`;
		rememberLeftCopy(ctx, { resource, id, number: put.number, values: writtenValues(resource, copy) }, report);
		error.description = [error.description, deleting].filter(Boolean).join(' ');
		return error;
	}
	const why = error.httpCode ? `HTTP ${error.httpCode}` : error.message;
	return inputError(
		ctx,
		`created the ${resource} "${put.number}" (id ${id}), which another ${resource} created at the same moment also has; giving it the next free number "${put.next}" failed (${why}), so this copy was deleted: nothing was created`,
		`Run it again: the ${resource} gets a number of its own. ${error.message}`,
	);
}

/** One PUT giving `record` the number `renumbered`; the record with it. */
async function renumber(ctx: IExecuteSingleFunctions, resource: GuardedResource, record: IDataObject, renumbered: string, number: string): Promise<IDataObject> {
	const required = REQUIRED_ON_UPDATE[resource].from;
	const params = Object.fromEntries(Object.entries(required).map(([api, stored]) => [api, String(record[stored] ?? record[api] ?? '')]));
	params[numberKey(resource).api] = renumbered;
	await putForm(
		ctx,
		`/${resource}/${encodeURIComponent(String(record.id))}`,
		params,
		`${failureLabel(ctx)} created the ${resource} "${number}" (id ${String(record.id)}), which another ${resource} created at the same moment also has; giving it the next free number "${renumbered}"`,
		`Two ${resource}s now have the number "${number}": give this one another number with Update.`,
	);
	const names = SPEC_OF[resource].numberNames;
	const changed = { ...record, [numberKey(resource).api]: renumbered };
	return names ? withNumberNames({ ...changed, [names[1]]: renumbered }, names) : changed;
}
