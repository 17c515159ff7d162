import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOf } from '../../../../shared/api-answers';
import type { Resource } from '../../../../shared/api-types';
import { failureLabel, relabelled } from '../../errors/failure-labels';
import { readApi } from '../../request/read-api';
import { sharedList, type RunScope } from '../path/run-scope';

/** A failed read of a run's list: the item that made it, and the label its error opens with. */
const madeBy = new WeakMap<object, { itemIndex: number; label: string }>();

function noteMaker(ctx: IExecuteSingleFunctions, error: unknown): unknown {
	if (typeof error === 'object' && error !== null && !madeBy.has(error)) {
		madeBy.set(error, { itemIndex: ctx.getItemIndex(), label: failureLabel(ctx) });
	}
	return error;
}

/**
 * The failure of a read another item made, as this item's: the same error (class, code, description), its
 * message opening with this item's row and number, and n8n's item index this item's.
 */
export function asThisItems(ctx: IExecuteSingleFunctions, error: unknown): unknown {
	const maker = typeof error === 'object' && error !== null ? madeBy.get(error) : undefined;
	if (!maker || maker.itemIndex === ctx.getItemIndex()) return error;
	return relabelled(ctx, error as object, maker.label);
}

/**
 * The run's list `name` (see sharedList), read by the first item that asks and shared with the others. When that
 * read fails, each item that shared it fails with its own row and item number, as if it had made the read.
 */
export async function listOfRun(ctx: IExecuteSingleFunctions, scope: RunScope, name: string, fetch: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
	try {
		return await sharedList(scope, name, async () => {
			try {
				return await fetch();
			} catch (error) {
				throw noteMaker(ctx, error);
			}
		});
	} catch (error) {
		throw asThisItems(ctx, error);
	}
}

/** Every record of a kind (`GET /<resource>/all`), read once per run and shared by its items (see listOfRun). */
export function recordsOfRun(ctx: IExecuteSingleFunctions, scope: RunScope, options: IHttpRequestOptions, resource: Resource): Promise<IDataObject[]> {
	return listOfRun(ctx, scope, resource, async () => listOf(await readApi(ctx, options, `/${resource}/all`), 'data'));
}
