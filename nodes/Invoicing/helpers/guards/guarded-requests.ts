import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../shared/api-answers';
import type { ApiParams } from '../../../shared/api-types';
import { inputError } from '../errors/item-errors';
import { RECORD_ID } from '../input/field-specs';
import { readRecordId } from '../input/parameters';
import { createParams, paymentParams, sendParams, withParams, type PreSend } from '../request/pre-send';
import { readApi } from '../request/read-api';
import { describeRecord, matchKey, type GuardedResource } from './matching';
import { decide, inTurn, readInstead, recordsOfRun, singleMatch } from './write-guards';

export type IfExists = 'returnIdentical' | 'error' | 'create';

const turnKey = (resource: GuardedResource, params: Parameters<typeof matchKey>[1]) => {
	const key = matchKey(resource, params);
	return `${resource}\u0000${key.field}\u0000${key.value}`;
};

type MatchOutcome = (match: IDataObject | undefined, list: IDataObject[], endTurn: () => void) => IHttpRequestOptions;

/** In this item's turn on its key: the run's one lookup, the single match (or none), then what to send. */
async function withMatch(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	resource: GuardedResource,
	params: ApiParams,
	outcome: MatchOutcome,
): Promise<IHttpRequestOptions> {
	return await inTurn(ctx, options, turnKey(resource, params), async (endTurn, scope) => {
		const list = await recordsOfRun(ctx, scope, options, resource);
		return outcome(singleMatch(ctx, resource, params, list), list, endTurn);
	});
}

/**
 * Create with a duplicate guard: the record's key (number; a client's e-mail, else name) is looked up
 * once per run; an existing identical record is returned instead of a second one (checked against the
 * answer, see shapeWrite), a different one is an error, unless If Already Exists says Create Anyway.
 */
export function buildGuardedCreate(resource: GuardedResource): PreSend {
	return async function guardedCreate(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const params = createParams(this, resource);
		const ifExists = this.getNodeParameter('ifExists', 'returnIdentical') as IfExists;
		if (ifExists === 'create') {
			decide(this, { kind: 'create', resource });
			return withParams(this, resource, options, params);
		}
		return await withMatch(this, options, resource, params, (match, list, endTurn) => {
			if (!match) {
				decide(this, { kind: 'create', resource, list }, endTurn);
				return withParams(this, resource, options, params);
			}
			if (ifExists === 'error') {
				throw inputError(
					this,
					`The ${resource} ${describeRecord(resource, match)} already exists`,
					'Use "Create or Update" to change it, or set "If Already Exists" to "Create Anyway".',
				);
			}
			decide(this, { kind: 'existing', wanted: params, resource }, endTurn);
			return readInstead(options, resource, String(match.id));
		});
	};
}

/** Create or Update: one match is updated (PUT), none is created, several are an error naming them. */
export function buildUpsertRequest(resource: GuardedResource): PreSend {
	return async function upsertRequest(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const params = createParams(this, resource);
		return await withMatch(this, options, resource, params, (match, list, endTurn) => {
			if (!match) {
				decide(this, { kind: 'create', resource, list }, endTurn);
				return withParams(this, resource, options, params);
			}
			decide(this, { kind: 'update' }, endTurn);
			return withParams(this, resource, { ...options, method: 'PUT', url: `/${resource}/${encodeURIComponent(String(match.id))}` }, params);
		});
	};
}

const cents = (value: unknown) => Math.round(Number(value) * 100);
const money = (value: unknown) => (cents(value) / 100).toFixed(2);

/** A service timestamp ("YYYY-MM-DD HH:MM:SS", UTC) within the last `minutes`. */
function isRecent(timestamp: unknown, minutes: number, now = Date.now()): boolean {
	const at = Date.parse(`${String(timestamp).replace(' ', 'T')}Z`);
	return Number.isFinite(at) && now - at <= minutes * 60_000 && at - now <= 60_000;
}

const firstOf = (body: IDataObject, key: string): IDataObject => listOf(body, key)[0] ?? {};

export type IfPaid = 'skip' | 'error' | 'record';

/**
 * Record Payment, guarded against what retries and re-runs do: an invoice already Paid is skipped (or an
 * error), an amount over the outstanding balance is refused, and the same amount and method recorded
 * within the last minutes (the service keeps no payment key) is taken for this very payment, sent before.
 */
export async function guardedRecordPayment(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const id = readRecordId(this, RECORD_ID.invoice.param, RECORD_ID.invoice.label);
	const params = paymentParams(this);
	const guards = this.getNodeParameter('paymentOptions', {}) as IDataObject;
	const ifPaid = (guards.ifPaid ?? 'skip') as IfPaid;
	const refuseOverpayment = guards.refuseOverpayment !== false;
	const windowMinutes = Number(guards.repeatWindowMinutes ?? 60);
	const send = () => withParams(this, 'invoice', options, { id, ...params });
	if (ifPaid === 'record' && !refuseOverpayment && !(windowMinutes > 0)) return send();
	return await inTurn(this, options, `payment\u0000${id}`, async (endTurn) => {
		const body = await readApi(this, options, `/invoice/${encodeURIComponent(id)}`);
		const invoice = firstOf(body, 'invoice');
		const label = `invoice "${String(invoice.invoice_no ?? id)}"`;
		if (invoice.payment_status === 'Paid' && ifPaid !== 'record') {
			if (ifPaid === 'error') throw inputError(this, `The ${label} is already Paid: no payment recorded`, 'Set "If Already Paid" to "Skip" or "Record Anyway".');
			decide(this, { kind: 'skip', message: `Not recorded: the ${label} is already Paid.` }, endTurn);
			return readInstead(options, 'invoice', id);
		}
		const balance = invoice.outstanding_balance ?? invoice.total;
		if (refuseOverpayment && balance !== undefined && cents(params.amount_paid) > cents(balance)) {
			throw inputError(
				this,
				`"Amount Paid" ${money(params.amount_paid)} is more than the outstanding balance ${money(balance)} of the ${label}`,
				'Check the amount, or turn off "Refuse Overpayment" under Options.',
			);
		}
		if (windowMinutes > 0) {
			const method = params.payment_method;
			const repeat = listOf(body, 'payments').find(
				(p) => cents(p.amount) === cents(params.amount_paid) && (method === undefined || p.bank === method) && isRecent(p.created_at, windowMinutes),
			);
			if (repeat) {
				const method = repeat.bank ? ` by ${String(repeat.bank)}` : '';
				const message = `Not recorded again: a payment of ${money(repeat.amount)}${method} was recorded on the ${label} at ${String(repeat.created_at)} UTC (reference ${String(repeat.reference)}), within the last ${windowMinutes} minutes.`;
				decide(this, { kind: 'skip', message }, endTurn);
				return readInstead(options, 'invoice', id);
			}
		}
		decide(this, { kind: 'write' }, endTurn);
		return send();
	});
}

/** Send, guarded: a send to the same address within the last minutes (per the send log) is not repeated. */
export function buildGuardedSend(resource: 'invoice' | 'estimate'): PreSend {
	return async function guardedSend(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const { param, label } = RECORD_ID[resource];
		const id = readRecordId(this, param, label);
		const params = sendParams(this);
		const windowMinutes = Number((this.getNodeParameter('sendOptions', {}) as IDataObject).skipIfSentWithinMinutes ?? 60);
		const send = () => withParams(this, resource, options, { id, ...params });
		if (!(windowMinutes > 0)) return send();
		return await inTurn(this, options, `send\u0000${resource}\u0000${id}`, async (endTurn) => {
			const body = await readApi(this, options, `/${resource}/${encodeURIComponent(id)}`);
			const email = String(params.email).toLowerCase();
			const sent = listOf(body, 'send_log').find((entry) => String(entry.email).toLowerCase() === email && isRecent(entry.date, windowMinutes));
			if (sent) {
				decide(this, { kind: 'skip', message: `Not sent again: this ${resource} was sent to ${String(sent.email)} at ${String(sent.date)} UTC, within the last ${windowMinutes} minutes.` }, endTurn);
				return readInstead(options, resource, id);
			}
			decide(this, { kind: 'write' }, endTurn);
			return send();
		});
	};
}
