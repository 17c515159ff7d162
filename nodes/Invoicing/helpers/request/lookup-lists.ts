import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../shared/api-answers';
import type { Resource } from '../../../shared/api-types';
import { failureLabel, relabelled } from '../errors/failure-labels';
import { listOfRun } from '../guards/looks/run-lists';
import type { RunScope } from '../guards/path/run-scope';
import { readApi } from './read-api';

/** How often a run reads a lookup list again after it failed: once (a blip passes), never once per row. */
const RETRIES = 1;

/** A lookup list whose reads failed in this run: the last failure, the row that made that read, how many failed. */
interface FailedReads {
	error: unknown;
	label: string;
	itemIndex: number;
	failures: number;
}

const failedReads = new WeakMap<RunScope, Map<string, FailedReads>>();

/**
 * The last failure as this item's: the same error (class, code, description), its message opening with this
 * item's row and n8n's item index this item's, and a note that this item did not read again.
 */
function sharedFailure(ctx: IExecuteSingleFunctions, failed: FailedReads, url: string): unknown {
	const { error, label } = failed;
	if (typeof error !== 'object' || error === null) return error;
	const copy = relabelled(ctx, error, label);
	const note = `Not read again for this item: ${url} failed ${failed.failures} times in this run (last for item ${failed.itemIndex}).`;
	copy.description = [copy.description, note].filter(Boolean).join(' ');
	return copy;
}

/** Counts the failed read of `name` for the run, and hands its error back as it is. */
function noteFailure(ctx: IExecuteSingleFunctions, byList: Map<string, FailedReads>, name: string, error: unknown): unknown {
	const failures = (byList.get(name)?.failures ?? 0) + 1;
	byList.set(name, { error, label: failureLabel(ctx), itemIndex: ctx.getItemIndex(), failures });
	return error;
}

/**
 * Every record of a kind (`GET /<resource>/all`) for a lookup (By Number, By E-mail), read once per run and
 * shared by its items (see listOfRun). A failed read is made again once for the items that waited; after
 * that they, and any item that comes later, share the last failure, each named by its own row: a service that
 * stays down costs the run two time-outs, not one per row.
 */
export async function lookupRecordsOfRun(ctx: IExecuteSingleFunctions, scope: RunScope, options: IHttpRequestOptions, resource: Resource): Promise<IDataObject[]> {
	const url = `/${resource}/all`;
	return await listOfRun(ctx, scope, resource, async () => {
		const byList = failedReads.get(scope) ?? new Map<string, FailedReads>();
		failedReads.set(scope, byList);
		const failed = byList.get(resource);
		if (failed && failed.failures > RETRIES) throw sharedFailure(ctx, failed, url);
		try {
			return listOf(await readApi(ctx, options, url), 'data');
		} catch (error) {
			throw noteFailure(ctx, byList, resource, error);
		}
	});
}
