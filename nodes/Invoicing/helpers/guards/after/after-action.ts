import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import type { ApiEnvelope } from '../../../../shared/api-types';
import { recordIdOf } from '../../input/record-lookup';
import { readAfterWrite } from '../../request/read-api';
import { type GuardedResource, recordName } from '../keys/matching';
import { decide, decisionOf, type WriteDecision } from '../path/write-guards';
import { listOf } from '../../../../shared/api-answers';
import { executionMemory } from '../../../engine/execution-memory';
import { ENVELOPE } from '../../input/field-specs';
import { inputError } from '../../errors/item-errors';
import { noteTwinReport } from '../../request/run-stop';
import type { TwinWatch } from '../path/write-keys';
import { cents, isRecent, money } from '../keys/repeat-window';

/** What Send's and Record Payment's steps after the answer give the output: the record's state, and a twin met. */
export interface ActionSettled {
	answer: ApiEnvelope;
	/** Another execution's like write found in that state (reportTwins). */
	twinReport?: string;
}

/**
 * Send's and Record Payment's steps after the answer (write-path, step 4): the service answers with a message only,
 * so the record is read once after the write; that read is also the **look again** for a like write another
 * execution made at the same moment, **reported** by the execution that was answered. A skip read the record
 * already. When the read fails, a write watched for a twin says the twin went unchecked.
 */
export async function settleAction(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	id: string,
	decision: WriteDecision | undefined,
	body: ApiEnvelope,
): Promise<ActionSettled> {
	if (decision?.kind === 'skip') return { answer: decision.answer ?? body };
	const watch = decision?.kind === 'write' ? decision.watch : undefined;
	const read = readAfterWrite(ctx, `/${resource}/${encodeURIComponent(id)}`);
	const answer = watch ? await read.catch((failure: unknown) => Promise.reject(twinUnchecked(ctx, resource, watch, failure))) : await read;
	const twinReport = decision?.kind === 'write' && watch ? reportTwins(ctx, resource, watch, answer, decision.key) : undefined;
	return { answer, twinReport };
}

/**
 * A payment the service refused (4xx) because its twin, sent by another execution at the same moment, was recorded
 * first (the invoice is Paid now): the item becomes a skip saying so (twinPaidInstead). False for any other failure.
 */
export async function refusedForTwin(ctx: IExecuteSingleFunctions, response: IN8nHttpFullResponse): Promise<boolean> {
	const decision = decisionOf(ctx);
	if (decision?.kind !== 'write' || decision.watch?.kind !== 'payment' || response.statusCode < 400 || response.statusCode >= 500) return false;
	const resource = decision.resource;
	const id = recordIdOf(ctx, resource);
	const answer = await readAfterWrite(ctx, `/${resource}/${encodeURIComponent(id)}`);
	const twinSkip = twinPaidInstead(resource, decision.watch, answer);
	if (twinSkip === undefined) return false;
	decide(ctx, { kind: 'skip', message: twinSkip, answer });
	return true;
}

/** A send log entry as the guard remembers it: it has no reference, only the address and the second it went. */
export const sendEntryKey = (entry: IDataObject): string => `${String(entry.email).toLowerCase()}\u0000${String(entry.date)}`;

const paymentKey = (payment: IDataObject): string => String(payment.reference);

export function paymentWatch(amount: unknown, method: unknown, windowMinutes: number, seen: string[]): TwinWatch | undefined {
	if (!(windowMinutes > 0)) return undefined;
	return { kind: 'payment', amountCents: cents(amount), method: method === undefined ? undefined : String(method), windowMinutes, seen };
}

export function sendWatch(email: string, windowMinutes: number, seen: string[]): TwinWatch | undefined {
	if (!(windowMinutes > 0)) return undefined;
	return { kind: 'send', email: email.toLowerCase(), windowMinutes, seen };
}

/** The entries not among `seen` (counted: two sends in the same second have the same key). */
function unseen(entries: IDataObject[], seen: string[], keyOf: (entry: IDataObject) => string): IDataObject[] {
	const left = new Map<string, number>();
	for (const key of seen) left.set(key, (left.get(key) ?? 0) + 1);
	return entries.filter((entry) => {
		const count = left.get(keyOf(entry)) ?? 0;
		if (count === 0) return true;
		left.set(keyOf(entry), count - 1);
		return false;
	});
}

/**
 * Fails the item when the record, read after this write, holds two or more new entries like its own: the write
 * was done and so was another's, which no guard could see in time. The service keeps no key to tell them apart,
 * so nothing is undone: the message names both so a person can act.
 */
export function reportTwins(ctx: IExecuteSingleFunctions, resource: GuardedResource, watch: TwinWatch, answer: ApiEnvelope, key: string): string | undefined {
	const twin = twinsIn(resource, watch, answer);
	if (!twin) return undefined;
	noteTwinReport(ctx, twin.problem);
	// fed by the create that made the record, this execution owns the chain: the twin fed an "existing" record reports
	if (createdUpstream(ctx)) return twin.problem;
	// a retry of the node (Retry On Fail) finds this payment or e-mail and would skip it: the report is kept for it
	executionMemory<Record<string, TwinReport>>(ctx, REPORTS)[key] = twin;
	throw inputError(ctx, twin.problem, twin.hint);
}

/**
 * The read after this write, which looks for a twin, failed (the rate gate turned it away: the service asked to
 * wait longer than Longest Wait; a time-out): the write was done, and whether another execution made the same one
 * at the same moment is unknown. Reported as a twin is, so the run's shown error tells of it (else an
 * e-mail sent by each of two processes, the reads after both turned away, goes untold).
 */
export function twinUnchecked(ctx: IExecuteSingleFunctions, resource: GuardedResource, watch: TwinWatch, readFailure: unknown): Error {
	const done = watch.kind === 'payment' ? `the payment was recorded on the ${resource}` : `the ${resource} was sent to ${watch.email}`;
	const where = watch.kind === 'payment' ? 'payments' : 'send log';
	const problem = `${done}, but reading it afterwards, to look for another ${watch.kind === 'payment' ? 'payment' : 'e-mail'} like it made at the same moment by another execution, failed: ${(readFailure as Error).message}`;
	noteTwinReport(ctx, problem);
	return inputError(ctx, problem, `The write was done: check the ${resource}'s ${where} in the service for a second entry from the same moment.`);
}

/**
 * Whether the item this action acts on is the output of a create that made its record (`action: "created"`). Two
 * twin executions of a chain meet here with one "created" and one "existing" record (the second's guard found the
 * first's): the one fed "existing" fails with the report, the other goes on, so each twin is reported once and
 * the chain is finished once. Without a create before it, both report.
 */
function createdUpstream(ctx: IExecuteSingleFunctions): boolean {
	return (ctx.getInputData()?.json as IDataObject | undefined)?.action === 'created';
}

/** What a twin report says, kept in the execution's memory for a retry. */
interface TwinReport {
	problem: string;
	hint: string;
}

const REPORTS = 'invoicingTwinReports';

/** A twin this execution reported on `key` before: the retry's skip fails with the same report (an error stays an error). */
export function repeatTwinReport(ctx: IExecuteSingleFunctions, key: string): void {
	const twin = executionMemory<Record<string, TwinReport>>(ctx, REPORTS)[key];
	if (!twin) return;
	noteTwinReport(ctx, twin.problem);
	throw inputError(ctx, twin.problem, twin.hint);
}

function twinsIn(resource: GuardedResource, watch: TwinWatch, answer: ApiEnvelope): TwinReport | undefined {
	const record = listOf(answer, ENVELOPE[resource])[0] ?? {};
	const label = `${resource} "${recordName(resource, record) || String(record.id ?? '')}"`;
	if (watch.kind === 'payment') {
		const twins = unseen(listOf(answer, 'payments'), watch.seen, paymentKey).filter(
			(p) => cents(p.amount) === watch.amountCents && (watch.method === undefined || p.bank === watch.method) && isRecent(p.created_at, watch.windowMinutes),
		);
		if (twins.length < 2) return undefined;
		const by = watch.method ? ` by ${watch.method}` : '';
		return {
			problem: `the payment was recorded, and so was another payment of ${money(watch.amountCents / 100)}${by} on the ${label} at the same moment: ${twins.map((p) => `${String(p.reference)} at ${String(p.created_at)} UTC`).join(', ')}`,
			hint: 'Another execution (a repeated delivery of the same call?) recorded it too, and the service keeps no key to tell a repeat from a new payment: nothing was undone. Check the payments of the invoice and reverse one if it is a duplicate.',
		};
	}
	const twins = unseen(listOf(answer, 'send_log'), watch.seen, sendEntryKey).filter(
		(entry) => String(entry.email).toLowerCase() === watch.email && isRecent(entry.date, watch.windowMinutes),
	);
	if (twins.length < 2) return undefined;
	return {
		problem: `the ${resource} was sent, and sent again to ${watch.email} at the same moment: ${twins.map((entry) => `at ${String(entry.date)} UTC`).join(' and ')} per its send log`,
		hint: 'Another execution (a repeated delivery of the same call?) sent it too; an e-mail cannot be taken back. Tell the recipient if needed; only a source that never delivers one call twice at once prevents it (docs/guarantees.md, "What is not promised").',
	};
}

/**
 * A payment the service refused (a 4xx: nothing was written) while a payment like it, which the guard had not
 * seen, was recorded on the invoice at the same moment by another execution: that one is this payment, and the
 * item is skipped, saying so, instead of failing (typically "amount exceeds the outstanding balance" once the
 * twin paid the invoice in full). Returns the skip's message, or undefined when no such payment is there.
 */
export function twinPaidInstead(resource: GuardedResource, watch: TwinWatch, answer: ApiEnvelope): string | undefined {
	if (watch.kind !== 'payment') return undefined;
	const record = listOf(answer, ENVELOPE[resource])[0] ?? {};
	const landed = unseen(listOf(answer, 'payments'), watch.seen, paymentKey).find(
		(p) => cents(p.amount) === watch.amountCents && (watch.method === undefined || p.bank === watch.method) && isRecent(p.created_at, watch.windowMinutes),
	);
	if (!landed) return undefined;
	const where = `${resource} "${recordName(resource, record) || String(record.id ?? '')}"`;
	return `Not recorded here: another execution recorded this payment of ${money(watch.amountCents / 100)} on the ${where} at the same moment (reference ${String(landed.reference)} at ${String(landed.created_at)} UTC), and the service refused this one.`;
}
