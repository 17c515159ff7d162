import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../shared/api-answers';
import type { ApiEnvelope, ApiParams } from '../../../shared/api-types';
import { inputError } from '../errors/item-errors';
import { ENVELOPE } from '../input/field-specs';
import { readRecordTarget, resolveKeyedFields, targetId } from '../input/record-lookup';
import { createParams, paymentParams, sendParams, withParams, type PreSend } from '../request/pre-send';
import { readApi, readRecentOrApi } from '../request/read-api';
import { clientEmailOf, rememberSendTarget } from './send-address';
import { describeRecord, matchKey, matchOf, recordName, type GuardedResource } from './matching';
import { documentsOfRun, joinClient, readClientDocuments } from './documents-lookup';
import { isNextNumber, joinSequence, sequencedCreate } from './next-number';
import { paymentWatch, repeatTwinReport, sendWatch, sendEntryKey, type TwinWatch } from './action-twins';
import { cents, isRecent, money } from './repeat-window';
import { runScope } from './run-scope';
import { updateValues } from './update-values';
import { handedOffTo, type TwinHandoff } from './twin-handoff';
import { lookUntilSettled, settleRule } from './uncertain-writes';
import { lookupRecordsOfRun } from '../request/lookup-lists';
import { decide, inTurn, readInstead, singleMatch, type GuardedWrite } from './write-guards';

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
const turnKey = (resource: GuardedResource, params: ApiParams, scope: KeyScope) => {
	const key = matchKey(resource, params);
	const client = scope.kind === 'perClient' ? `\u0000${scope.clientId}` : '';
	return `${resource}${client}\u0000${key.field}\u0000${key.value}`;
};

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
 * In this item's turn on its key: the run's one lookup (the whole list of the kind, or a client's documents when
 * numbers count per client), the single match (or none), then what to send. After an unanswered write on this
 * key in this execution, it looks again until that write had time to land (see uncertain-writes).
 */
async function withMatch(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	resource: GuardedResource,
	params: ApiParams,
	optionsCollection: string,
	outcome: MatchOutcome,
): Promise<IHttpRequestOptions> {
	const scope = runScope(ctx);
	const where = keyScope(ctx, resource, params, optionsCollection);
	const owner = matchOf(resource).owner;
	// the look after a create reads the client's documents, or the list when the run touches many clients
	if (owner !== undefined) joinClient(scope, String(params[owner.param]));
	const key = turnKey(resource, params, where);
	return await inTurn(ctx, options, key, async (endTurn, _scope, handed) => {
		let list: IDataObject[] = [];
		const match = await lookUntilSettled(ctx, options, key, async (again) => {
			if (!again) {
				list =
					where.kind === 'book'
						? await lookupRecordsOfRun(ctx, scope, options, resource)
						: await documentsOfRun(ctx, scope, options, resource, where.clientId);
				// created by the key's earlier holder in another run or batch, whose write this list may predate
				if (handed && !list.some((record) => record.id === handed.id)) list.push(handed);
				return singleMatch(ctx, resource, params, list);
			}
			const fresh =
				where.kind === 'book'
					? listOf(await readApi(ctx, options, `/${resource}/all`), 'data')
					: await readClientDocuments(ctx, options, resource, where.clientId);
			const found = singleMatch(ctx, resource, params, fresh);
			if (found) list.push(found);
			return found;
		});
		refuseOtherClient(ctx, resource, params, match);
		// the record found is handed on too: the next holder's list may predate it (a write another run's look found landed)
		const endHandingOn = (created?: IDataObject) => endTurn(created ?? match);
		return outcome(match, list, endHandingOn, { key, ...settleRule(ctx, options, optionsCollection) });
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
				const params = await resolveKeyedFields(this, options, createParams(this, resource, true));
				return await sequencedCreate(this, options, joined, params, ifExists);
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
			decide(this, { kind: 'update', statusNotApplied: notApplied }, endTurn);
			return withParams(this, resource, { ...options, method: 'PUT', url: `/${resource}/${encodeURIComponent(String(match.id))}` }, sent);
		});
	};
}

const firstOf = (body: IDataObject, key: string): IDataObject => listOf(body, key)[0] ?? {};

export type IfPaid = 'skip' | 'error' | 'record';

const PAYMENT_OPTIONS = 'paymentOptions';
const SEND_OPTIONS = 'sendOptions';

/** A guard's look at the record: skip with this message, or send (and what it saw, for a retry). */
type Verdict = { skip: string } | { write: true; seen: string[] };

/**
 * Record Payment, guarded against what retries and re-runs do: an invoice already Paid is skipped (or an
 * error), the same amount and method recorded within the last minutes (the service keeps no payment key) is
 * taken for this very payment, sent before, and an amount over the outstanding balance is refused. After an
 * unanswered payment in this execution, a payment of that amount the earlier look had not seen is that one.
 */
export function buildGuardedPayment(resource: GuardedResource): PreSend {
	return async function guardedRecordPayment(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const target = readRecordTarget(this, resource);
		const params = paymentParams(this);
		const guards = this.getNodeParameter(PAYMENT_OPTIONS, {}) as IDataObject;
		const ifPaid = (guards.ifPaid ?? 'skip') as IfPaid;
		const refuseOverpayment = guards.refuseOverpayment !== false;
		const windowMinutes = Number(guards.repeatWindowMinutes ?? 60);
		const id = await targetId(this, options, resource, target);
		const send = () => withParams(this, resource, options, { id, ...params });
		const twin = handedOffTo(this, id);
		if (twin) return skipForTwin(this, options, resource, id, 'recorded', twin);
		if (ifPaid === 'record' && !refuseOverpayment && !(windowMinutes > 0)) return send();
		const key = `payment\u0000${id}`;
		return await inTurn(this, options, key, async (endTurn) => {
			const look = async (again: boolean, earlier?: { seen?: string[] }): Promise<Verdict | undefined> => {
				const body = await lookAt(this, options, `/${resource}/${encodeURIComponent(id)}`, again || earlier !== undefined);
				const invoice = firstOf(body, ENVELOPE[resource]);
				const label = `${resource} "${recordName(resource, invoice) || id}"`;
				const payments = listOf(body, 'payments');
				if (invoice.payment_status === 'Paid' && ifPaid !== 'record') {
					if (ifPaid === 'error') throw inputError(this, `The ${label} is already Paid: no payment recorded`, 'Set "If Already Paid" to "Skip" or "Record Anyway".');
					return { skip: `Not recorded: the ${label} is already Paid.` };
				}
				const method = params.payment_method;
				const sameAmount = (p: IDataObject) => cents(p.amount) === cents(params.amount_paid) && (method === undefined || p.bank === method);
				const repeat = payments.find(
					(p) => sameAmount(p) && ((windowMinutes > 0 && isRecent(p.created_at, windowMinutes)) || (earlier?.seen !== undefined && !earlier.seen.includes(String(p.reference)))),
				);
				if (repeat) {
					const by = repeat.bank ? ` by ${String(repeat.bank)}` : '';
					const within = windowMinutes > 0 ? `, within the last ${windowMinutes} minutes` : ', after the earlier attempt got no answer';
					return { skip: `Not recorded again: a payment of ${money(repeat.amount)}${by} was recorded on the ${label} at ${String(repeat.created_at)} UTC (reference ${String(repeat.reference)})${within}.` };
				}
				const balance = invoice.outstanding_balance ?? invoice.total;
				if (refuseOverpayment && balance !== undefined && cents(params.amount_paid) > cents(balance)) {
					throw inputError(
						this,
						`"Amount Paid" ${money(params.amount_paid)} is more than the outstanding balance ${money(balance)} of the ${label}`,
						'Check the amount, or turn off "Refuse Overpayment" under Options.',
					);
				}
				return { write: true, seen: payments.map((p) => String(p.reference)) };
			};
			const watch = (seen: string[]) => paymentWatch(params.amount_paid, params.payment_method, windowMinutes, seen);
			return decideOnLook(this, options, key, PAYMENT_OPTIONS, endTurn, look, send, resource, id, watch);
		});
	};
}

/** A Send or Record Payment fed the item of a create whose twin execution goes on with the record: skipped, saying so. */
function skipForTwin(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, resource: GuardedResource, id: string, done: string, twin: TwinHandoff): IHttpRequestOptions {
	decide(ctx, {
		kind: 'skip',
		message: `Not ${done} here: another execution created this ${resource} at the same moment and goes on with it (this execution deleted its own copy, id ${twin.deleted_id}).`,
	});
	return readInstead(options, resource, id);
}

/**
 * The record as the guard looks at it: what this process read of it moments ago may serve (request/recent-reads),
 * unless a write of this execution or process on the key had no answer: then every look reads afresh.
 */
async function lookAt(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, url: string, afresh: boolean): Promise<ApiEnvelope> {
	return afresh ? await readApi(ctx, options, url) : await readRecentOrApi(ctx, options, url);
}

/** Sends or skips per the guard's looks (repeated while an earlier unanswered write settles). */
async function decideOnLook(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	key: string,
	optionsCollection: string,
	endTurn: () => void,
	look: (again: boolean, earlier?: { seen?: string[] }) => Promise<Verdict | undefined>,
	send: () => IHttpRequestOptions,
	resource: GuardedResource,
	id: string,
	watch: (seen: string[]) => TwinWatch | undefined,
): Promise<IHttpRequestOptions> {
	let seen: string[] = [];
	const skip = await lookUntilSettled(ctx, options, key, async (again, earlier) => {
		const verdict = await look(again, earlier);
		if (verdict && 'skip' in verdict) return verdict.skip;
		seen = earlier?.seen ?? verdict?.seen ?? [];
		return undefined;
	});
	if (skip !== undefined) {
		repeatTwinReport(ctx, key);
		decide(ctx, { kind: 'skip', message: skip }, endTurn);
		return readInstead(options, resource, id);
	}
	// after the write, its own read of the record looks for a twin another execution wrote at the same moment (action-twins)
	decide(ctx, { kind: 'write', key, resource, watch: watch(seen) }, endTurn, { key, ...settleRule(ctx, options, optionsCollection), seen });
	return send();
}

/** Send, guarded: a send to the same address within the last minutes (per the send log) is not repeated. */
export function buildGuardedSend(resource: GuardedResource): PreSend {
	return async function guardedSend(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const target = readRecordTarget(this, resource);
		const params = sendParams(this);
		const windowMinutes = Number((this.getNodeParameter(SEND_OPTIONS, {}) as IDataObject).skipIfSentWithinMinutes ?? 60);
		const id = await targetId(this, options, resource, target);
		const twin = handedOffTo(this, id);
		if (twin) return skipForTwin(this, options, resource, id, 'sent', twin);
		const url = `/${resource}/${encodeURIComponent(id)}`;
		// the address: Email, else the e-mail of the record's client (read once, from the record's customer_id)
		let email = String(params.email ?? '');
		if (email !== '') rememberSendTarget(this, { email, source: 'node' });
		const address = async (record: ApiEnvelope): Promise<string> => {
			if (email === '') {
				email = await clientEmailOf(this, options, resource, record);
				rememberSendTarget(this, { email, source: 'client' });
			}
			return email;
		};
		const send = () => withParams(this, resource, options, { id, ...params, email });
		if (!(windowMinutes > 0)) {
			if (email === '') await address(await readRecentOrApi(this, options, url));
			return send();
		}
		const key = `send\u0000${resource}\u0000${id}`;
		return await inTurn(this, options, key, async (endTurn) => {
			const look = async (again: boolean, earlier?: object): Promise<Verdict> => {
				const body = await lookAt(this, options, url, again || earlier !== undefined);
				const to = (await address(body)).toLowerCase();
				const log = listOf(body, 'send_log');
				const sent = log.find((entry) => String(entry.email).toLowerCase() === to && isRecent(entry.date, windowMinutes));
				if (sent) return { skip: `Not sent again: this ${resource} was sent to ${String(sent.email)} at ${String(sent.date)} UTC, within the last ${windowMinutes} minutes.` };
				return { write: true, seen: log.map(sendEntryKey) };
			};
			const watch = (seen: string[]) => sendWatch(email, windowMinutes, seen);
			return decideOnLook(this, options, key, SEND_OPTIONS, endTurn, look, send, resource, id, watch);
		});
	};
}
