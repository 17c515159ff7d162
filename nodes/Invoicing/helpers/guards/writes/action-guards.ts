import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../../shared/api-answers';
import type { ApiEnvelope } from '../../../../shared/api-types';
import { rememberRecordName } from '../../errors/failure-labels';
import { inputError } from '../../errors/item-errors';
import { ENVELOPE } from '../../input/field-specs';
import { refuseZeroAmountPaid } from '../../input/payment-amount';
import { nodeVersion } from '../../input/node-version';
import { PAYMENT_PARAMS } from '../../../resources/invoice/recordPayment.operation';
import { readRecordTarget, targetId } from '../../input/record-lookup';
import { DEFAULT_RESEND_MINUTES, RESEND_FIELD, RESEND_OPTION } from '../../../resources/send-fields';
import { paymentParams, paysBalance, type PreSend, sendParams, withParams } from '../../request/pre-send';
import { readApi, readRecentOrApi } from '../../request/read-api';
import { paymentWatch, repeatTwinReport, reportTwins, sendEntryKey, sendWatch } from '../after/after-action';
import { type GuardedResource, recordName } from '../keys/matching';
import { cents, isRecent, money } from '../keys/repeat-window';
import { clientEmailOf, rememberSendTarget } from './send-address';
import { handedOffTo, type TwinHandoff } from '../after/after-create';
import { decide, readInstead } from '../path/write-guards';
import { keyText, type TwinWatch, type WriteKey } from '../path/write-keys';
import { alongWritePath, type Look } from '../path/write-path';

const firstOf = (body: IDataObject, key: string): IDataObject => listOf(body, key)[0] ?? {};

export type IfPaid = 'skip' | 'error' | 'record';

const PAYMENT_OPTIONS = 'paymentOptions';
const SEND_OPTIONS = 'sendOptions';

/** A guard's look at the record: skip with this message (and the record as read), or send (and what it saw, for a retry). */
type Verdict = { skip: string; record: ApiEnvelope } | { write: true; seen: string[] };

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
		const fromBalance = paysBalance(this);
		// a 0 is what a re-run maps from a Paid invoice's outstanding balance: only If Already Paid = Skip can make it moot
		const nothingPaid = !fromBalance && params.amount_paid === 0;
		if (nothingPaid && ifPaid !== 'skip') refuseZeroAmountPaid(this, PAYMENT_PARAMS[nodeVersion(this)].amount);
		const id = await targetId(this, options, resource, target);
		const send = () => withParams(this, resource, options, { id, ...params });
		const twin = handedOffTo(this, id);
		if (twin) return skipForTwin(this, options, resource, id, 'recorded', twin);
		if (ifPaid === 'record' && !refuseOverpayment && !(windowMinutes > 0) && !fromBalance) return send();
		const key: WriteKey = { kind: 'payment', id };
		const look = async (again: boolean, earlier?: { seen?: string[] }): Promise<Verdict | undefined> => {
			const body = await lookAt(this, options, `/${resource}/${encodeURIComponent(id)}`, again || earlier !== undefined);
			const invoice = firstOf(body, ENVELOPE[resource]);
			rememberRecordName(this, recordName(resource, invoice));
			const label = `${resource} "${recordName(resource, invoice) || id}"`;
			const payments = listOf(body, 'payments');
			if (invoice.payment_status === 'Paid' && ifPaid !== 'record') {
				if (ifPaid === 'error') throw inputError(this, `The ${label} is already Paid: no payment recorded`, 'Set "If Already Paid" to "Skip" or "Record Anyway".');
				return { skip: `Not recorded: the ${label} is already Paid.`, record: body };
			}
			if (nothingPaid) refuseZeroAmountPaid(this, PAYMENT_PARAMS[nodeVersion(this)].amount);
			const balance = invoice.outstanding_balance ?? invoice.total;
			if (fromBalance) params.amount_paid = balanceToPay(this, label, invoice, balance);
			const method = params.payment_method;
			const sameAmount = (p: IDataObject) => cents(p.amount) === cents(params.amount_paid) && (method === undefined || p.bank === method);
			const repeat = payments.find(
				(p) => sameAmount(p) && ((windowMinutes > 0 && isRecent(p.created_at, windowMinutes)) || (earlier?.seen !== undefined && !earlier.seen.includes(String(p.reference)))),
			);
			if (repeat) {
				const by = repeat.bank ? ` by ${String(repeat.bank)}` : '';
				const within = windowMinutes > 0 ? `, within the last ${windowMinutes} minutes` : ', after the earlier attempt got no answer';
				return { skip: `Not recorded again: a payment of ${money(repeat.amount)}${by} was recorded on the ${label} at ${String(repeat.created_at)} UTC (reference ${String(repeat.reference)})${within}.`, record: body };
			}
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
		return await decideOnLook(this, options, key, PAYMENT_OPTIONS, look, send, resource, id, watch);
	};
}

/** Amount "Outstanding Balance": the balance the guard read, refused when there is nothing to pay. */
function balanceToPay(ctx: IExecuteSingleFunctions, label: string, invoice: IDataObject, balance: unknown): number {
	if (cents(balance) > 0) return cents(balance) / 100;
	throw inputError(
		ctx,
		`"Amount" is the outstanding balance, and the ${label} has ${balance === undefined ? 'none' : money(balance)} to pay (payment status "${String(invoice.payment_status)}"): no payment recorded`,
		'Check the invoice\'s total and payments, or set "Amount" to "Amount Paid" and enter the amount received.',
	);
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

/** The key's write path (write-path): sends or skips per the guard's looks (repeated while an earlier unanswered write settles). */
async function decideOnLook(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	declared: WriteKey,
	optionsCollection: string,
	look: (again: boolean, earlier?: { seen?: string[] }) => Promise<Verdict | undefined>,
	send: () => IHttpRequestOptions,
	resource: GuardedResource,
	id: string,
	watch: (seen: string[]) => TwinWatch | undefined,
): Promise<IHttpRequestOptions> {
	let seen: string[] = [];
	let skipped: { record: ApiEnvelope; earlier?: { seen?: string[] } } | undefined;
	const skipOrSend = async ({ again, earlier }: Look): Promise<string | undefined> => {
		const verdict = await look(again, earlier);
		if (verdict && 'skip' in verdict) {
			skipped = { record: verdict.record, earlier };
			return verdict.skip;
		}
		seen = earlier?.seen ?? verdict?.seen ?? [];
		return undefined;
	};
	const key = keyText(declared);
	return await alongWritePath(ctx, options, declared, optionsCollection, skipOrSend, (skip, turn) => {
		if (skip !== undefined) {
			repeatTwinReport(ctx, key);
			// after this execution's write got no answer: the e-mail or payment found is its own, unless two like it
			// appeared since its look, the other from another execution at the same moment
			const since = skipped?.earlier?.seen === undefined ? undefined : { watch: watch(skipped.earlier.seen), record: skipped.record };
			const report = since?.watch ? reportTwins(ctx, resource, since.watch, since.record, key) : undefined;
			decide(ctx, { kind: 'skip', message: report ? `${skip} Also: ${report}.` : skip }, turn.end);
			return readInstead(options, resource, id);
		}
		// after the write, its own read of the record looks for a twin another execution wrote at the same moment (after-action)
		decide(ctx, { kind: 'write', key, resource, watch: watch(seen) }, turn.end, { ...turn.write, seen });
		return send();
	});
}

/** Send's window: the option where a node holds one (version 1, or a version 2 node saved with it), else version 2's field. */
function resendWindow(ctx: IExecuteSingleFunctions): number {
	const option = (ctx.getNodeParameter(SEND_OPTIONS, {}) as IDataObject)[RESEND_OPTION];
	if (option !== undefined || nodeVersion(ctx) === 1) return Number(option ?? DEFAULT_RESEND_MINUTES);
	return Number(ctx.getNodeParameter(RESEND_FIELD, DEFAULT_RESEND_MINUTES));
}

/** Send, guarded: a send to the same address within the last minutes (per the send log) is not repeated. */
export function buildGuardedSend(resource: GuardedResource): PreSend {
	return async function guardedSend(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const target = readRecordTarget(this, resource);
		const params = sendParams(this);
		const windowMinutes = resendWindow(this);
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
		const key: WriteKey = { kind: 'send', resource, id };
		const look = async (again: boolean, earlier?: object): Promise<Verdict> => {
			const body = await lookAt(this, options, url, again || earlier !== undefined);
			const name = recordName(resource, firstOf(body, ENVELOPE[resource]));
			rememberRecordName(this, name);
			const to = (await address(body)).toLowerCase();
			const log = listOf(body, 'send_log');
			const sent = log.find((entry) => String(entry.email).toLowerCase() === to && isRecent(entry.date, windowMinutes));
			const label = `${resource} "${name || id}"`;
			if (sent) return { skip: `Not sent again: the ${label} was sent to ${String(sent.email)} at ${String(sent.date)} UTC, within the last ${windowMinutes} minutes.`, record: body };
			return { write: true, seen: log.map(sendEntryKey) };
		};
		const watch = (seen: string[]) => sendWatch(email, windowMinutes, seen);
		return await decideOnLook(this, options, key, SEND_OPTIONS, look, send, resource, id, watch);
	};
}
