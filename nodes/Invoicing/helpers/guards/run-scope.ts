import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { loopScope } from '../../engine/item-loop';
import { ItemMemory } from '../../engine/item-memory';

/**
 * What the items of one node run (or batch) share, per the engine's item loop (engine/item-loop): one lookup
 * per list, and turns on the same key. Nothing outlives the run.
 */
export interface RunScope {
	lists: Map<string, Promise<IDataObject[]>>;
	turns: Map<string, Turn>;
	/** The clients whose invoices or estimates the run's items look up (see documents-lookup). */
	clients: Set<string>;
	/** Whether the run reads each client's documents or the whole list: decided once all items joined. */
	lookupWay?: Promise<'perClient' | 'wholeList'>;
}

/** One item's hold on a key: over once its write has its outcome, or once it decided not to write. */
interface Turn {
	over: Promise<void>;
	end: () => void;
}

/** The scope each item joined: an item that awaited a lookup (By Number) before taking its turn stays in its run. */
const joined = new ItemMemory<RunScope>();

export function runScope(ctx: IExecuteSingleFunctions): RunScope {
	const known = joined.get(ctx);
	if (known) return known;
	const scope = loopScope<RunScope>(ctx, () => ({ lists: new Map(), turns: new Map(), clients: new Set() }));
	joined.set(ctx, scope);
	return scope;
}

/** The list, fetched once per run and kept up to date with the records this run writes. */
export function sharedList(scope: RunScope, name: string, fetch: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
	let list = scope.lists.get(name);
	if (!list) {
		list = fetch();
		scope.lists.set(name, list);
		// a failed lookup is not shared with later turns: they try again
		list.catch(() => scope.lists.delete(name));
	}
	return list;
}

/**
 * Waits until the earlier item of this run holding `key` is done with it, however long its request takes: a
 * holder always ends its turn (write-guards: when its request settles, or when its guard fails), and every wait
 * of a request is bounded (time-out, rate-limit budget), so no turn is ever released while its write may still
 * land. Returns the function that ends this item's turn (idempotent). Only items sharing a key ever wait.
 */
export async function takeTurn(scope: RunScope, key: string): Promise<() => void> {
	const earlier = scope.turns.get(key);
	let end = () => {};
	const mine: Turn = { over: new Promise<void>((resolve) => (end = resolve)), end: () => end() };
	scope.turns.set(key, mine);
	if (earlier) await earlier.over;
	return mine.end;
}
