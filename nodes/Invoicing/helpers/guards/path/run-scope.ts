import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { loopScope } from '../../../engine/item-loop';
import { ItemMemory } from '../../../engine/item-memory';

/**
 * What the items of one node run (or batch) share, per the engine's item loop (engine/item-loop): one lookup
 * per list. Nothing outlives the run. (Turns on a key are the process's: see key-turns.)
 */
export interface RunScope {
	lists: Map<string, Promise<IDataObject[]>>;
	/** The clients whose invoices or estimates the run's items look up (see documents-lookup). */
	clients: Set<string>;
	/** Whether the run reads each client's documents or the whole list: decided once all items joined. */
	lookupWay?: Promise<'perClient' | 'wholeList'>;
}

/** The scope each item joined: an item that awaited a lookup (By Number) before taking its turn stays in its run. */
const joined = new ItemMemory<RunScope>();

export function runScope(ctx: IExecuteSingleFunctions): RunScope {
	const known = joined.get(ctx);
	if (known) return known;
	const scope = loopScope<RunScope>(ctx, () => ({ lists: new Map(), clients: new Set() }));
	joined.set(ctx, scope);
	return scope;
}

/**
 * The list, fetched once per run and kept up to date with the records this run writes. A failed lookup is not
 * shared: the items that waited for it try again, sharing one new read (the first of them makes it), so that a
 * failure names the row whose read failed, and the list stays the one the run's writes are added to.
 */
export function sharedList(scope: RunScope, name: string, fetch: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
	const shared = scope.lists.get(name);
	// the failed entry is removed first (its handler was attached when it was made), so this starts or joins a new read
	if (shared) return shared.catch(async () => await sharedList(scope, name, fetch));
	const list = fetch();
	scope.lists.set(name, list);
	list.catch(() => {
		if (scope.lists.get(name) === list) scope.lists.delete(name);
	});
	return list;
}
