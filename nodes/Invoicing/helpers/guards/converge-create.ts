import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { listOf } from '../../../shared/api-answers';
import { requestApi } from '../../../shared/api-request';
import type { ApiEnvelope, ApiParams } from '../../../shared/api-types';
import { failureLabel } from '../errors/failure-labels';
import { inputError } from '../errors/item-errors';
import { readAfterWrite } from '../request/read-api';
import { describeRecord, findMatches, matchKey, matchOf, type GuardedResource } from './matching';

/** The guard's own narrow read, taken again after the create: a client's documents, or every client. */
function lookAgainUrl(resource: GuardedResource, wanted: ApiParams): { url: string; list: string } {
	const owner = matchOf(resource).owner;
	if (!owner) return { url: `/${resource}/all`, list: 'data' };
	return { url: `/client/${encodeURIComponent(String(wanted[owner.param]))}`, list: owner.list };
}

/**
 * After a guarded create, the key's records as the service lists them now. Another execution (a queue worker,
 * another n8n) may have created the same key at the same moment: the guards' turns are per process. The
 * service lists records in the order it stored them and never reorders them (docs/design.md, "Twin creates"),
 * so every execution that looks sees the same first record: that one stays, and each execution whose record is
 * listed later deletes its own (just created, nothing sent on it yet). Returns the service's answer for the
 * record that stays when it is not this one (then output as `existing`); undefined when this one stays.
 */
export async function convergeCreate(
	ctx: IExecuteSingleFunctions,
	resource: GuardedResource,
	created: IDataObject,
	wanted: ApiParams,
): Promise<ApiEnvelope | undefined> {
	const { url, list } = lookAgainUrl(resource, wanted);
	const records = listOf(await readAfterWrite(ctx, url), list);
	const same = findMatches(resource, wanted, records);
	const mine = same.findIndex((record) => String(record.id) === String(created.id));
	if (mine === 0 || same.length === 0) return undefined;
	const first = same[0];
	const key = matchKey(resource, wanted);
	const both = `${describeRecord(resource, first)} and ${describeRecord(resource, created)}`;
	if (mine < 0) {
		throw inputError(
			ctx,
			`the ${resource} ${describeRecord(resource, created)} was created, but the service does not list it among the ${resource}s with the ${key.field.replace('_', ' ')} "${key.value}": ${same.map((r) => describeRecord(resource, r)).join(', ')}`,
			`Another execution created the same ${resource} at the same moment. Check both in the service and delete one.`,
		);
	}
	const ownUrl = `/${resource}/${encodeURIComponent(String(created.id))}`;
	try {
		await requestApi(ctx, { action: `${failureLabel(ctx)}, deleting its twin ${ownUrl}`, method: 'DELETE', url: ownUrl, itemIndex: ctx.getItemIndex() });
	} catch (error) {
		throw inputError(
			ctx,
			`another execution created the same ${resource} at the same moment: the service now has ${both}, and deleting this execution's copy (id ${String(created.id)}) failed: ${(error as Error).message}`,
			`Delete the ${resource} with id ${String(created.id)} in the service; ${describeRecord(resource, first)} is the one to keep.`,
		);
	}
	return await readAfterWrite(ctx, `/${resource}/${encodeURIComponent(String(first.id))}`);
}
