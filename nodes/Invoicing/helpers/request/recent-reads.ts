import { createHash } from 'node:crypto';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { executionHandle } from '../../engine/execution-memory';
import { CREDENTIAL_TYPE } from '../../../shared/api-request';
import type { ApiEnvelope } from '../../../shared/api-types';
import { apiBaseUrl } from '../../../shared/base-url';
import { changesNow, forgetHeldReads, unchangedSince, type ReadMark } from './write-marks';

/**
 * How long a record this process read serves a guard's or an update's read of the same record instead of a
 * request (docs/design.md, "Reads served from memory"). The service's timestamps count seconds: two writes within
 * one second are already "the same moment" to every check that reads them (send log dates, payments).
 */
export const RECENT_READ_MS = 1_000;

let windowMs = RECENT_READ_MS;

/**
 * Tests: a test that shows which reads are served runs its steps one after another, and a busy machine can make
 * "moments ago" more than a second; it lengthens the window (the test of the window itself keeps it).
 */
export function setRecentReadWindow(ms: number): void {
	windowMs = ms;
}

/** At most this many records are kept (each at most RECENT_READ_MS). */
const MOST_RECORDS = 500;

interface Remembered {
	/** The answer as JSON text: each use gets its own copy. */
	body: string;
	/** When its read began. */
	at: number;
	/** The count of this process's writes then (write-marks): served only while it stands. */
	changes: number;
}

/** By record path (`/invoice/17`), then by service (the credential's Base URL, header and key). */
const records = new Map<string, Map<string, Remembered>>();

const isRecordPath = (url: string): boolean => /^\/[a-z]+\/[^/?]+$/.test(url) && !url.endsWith('/all');

/**
 * Which service and account the node's credential reaches: its Base URL, header and key (two credentials, or a
 * credential resolved for two users, never share records). Read once per execution and node, as n8n's
 * declarative engine reads `$credentials` once per run.
 */
const services = new WeakMap<object, Promise<string | undefined>>();

function serviceOf(ctx: IExecuteSingleFunctions): Promise<string | undefined> {
	const handle = executionHandle(ctx);
	let service = services.get(handle);
	if (!service) {
		service = ctx.getCredentials(CREDENTIAL_TYPE).then(
			// a digest, never the key itself: nothing remembered holds a secret
			(c) => createHash('sha256').update([apiBaseUrl(c.baseUrl), String(c.headerName ?? ''), String(c.apiKey ?? '')].join('\u0000')).digest('hex'),
			() => undefined,
		);
		services.set(handle, service);
	}
	return service;
}

function prune(now: number): void {
	for (const [path, byService] of records) {
		for (const [service, entry] of byService) if (now - entry.at > windowMs || entry.changes !== changesNow()) byService.delete(service);
		if (byService.size === 0) records.delete(path);
	}
	while (records.size > MOST_RECORDS) records.delete(records.keys().next().value as string);
}

function keep(path: string, service: string, entry: Remembered): void {
	const byService = records.get(path) ?? new Map<string, Remembered>();
	records.delete(path);
	byService.set(service, entry);
	records.set(path, byService);
	prune(Date.now());
}

/**
 * Remembers the answer of a read of one record begun at `mark`, when no write of this process began or ended
 * while it was made; the answer of a create (the record as it made it, with its empty lists) the same way.
 */
export function rememberRecord(ctx: IExecuteSingleFunctions, path: string, body: ApiEnvelope, mark: ReadMark): void {
	if (!isRecordPath(path) || !unchangedSince(mark)) return;
	const entry: Remembered = { body: JSON.stringify(body), at: mark.at, changes: changesNow() };
	void serviceOf(ctx).then((service) => {
		if (service !== undefined) keep(path, service, entry);
	});
}

/** Whether a read of `path` may be served at all (no request for the credential when nothing could serve it). */
export function mayServe(path: string): boolean {
	prune(Date.now());
	return records.has(path);
}

/**
 * The record at `path` as this process read it less than RECENT_READ_MS ago through the same credential, when no
 * write of this process began or ended since and none may still land; undefined otherwise.
 */
export async function recentRecord(ctx: IExecuteSingleFunctions, path: string): Promise<ApiEnvelope | undefined> {
	const service = await serviceOf(ctx);
	if (service === undefined) return undefined;
	prune(Date.now());
	const entry = records.get(path)?.get(service);
	return entry ? (JSON.parse(entry.body) as ApiEnvelope) : undefined;
}

/** Tests: a sandbox emptied between tests gives ids again, as no real service does within a second. */
export function forgetRecentReads(): void {
	records.clear();
	forgetHeldReads();
}
