import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { executionHandle } from '../../engine/execution-memory';
import { loopScope } from '../../engine/item-loop';
import { ItemMemory } from '../../engine/item-memory';

/**
 * What the items of one node run (or batch) share, per the engine's item loop (engine/item-loop): one lookup
 * per list. Nothing outlives the run. (Turns on a key are the execution's: see takeTurn.)
 */
export interface RunScope {
	lists: Map<string, Promise<IDataObject[]>>;
	/** The clients whose invoices or estimates the run's items look up (see documents-lookup). */
	clients: Set<string>;
	/** Whether the run reads each client's documents or the whole list: decided once all items joined. */
	lookupWay?: Promise<'perClient' | 'wholeList'>;
}

/**
 * One item's hold on a key: over once its write has its outcome, or once it decided not to write. It hands the
 * next holder the record it created, if any: the next may belong to another batch, whose list was read before.
 */
interface Turn {
	over: Promise<IDataObject | undefined>;
	end: (created?: IDataObject) => void;
}

/** The turn a key is in, per execution and node: batches of one run overlap (Request Options > Batching), so do their items. */
const turnsOfExecution = new WeakMap<object, Map<string, Turn>>();

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

/**
 * Waits until the earlier item of this execution holding `key` is done with it, however long its request takes:
 * a holder always ends its turn (write-guards: when its request settles, or when its guard fails), and every wait
 * of a request is bounded (time-out, rate-limit budget), so no turn is ever released while its write may still
 * land. Returns the function that ends this item's turn (idempotent; give it the record the item created) and the
 * record the earlier holder created. Only items sharing a key ever wait.
 */
export async function takeTurn(ctx: IExecuteSingleFunctions, key: string): Promise<{ end: (created?: IDataObject) => void; handed?: IDataObject }> {
	const handle = executionHandle(ctx);
	const turns = turnsOfExecution.get(handle) ?? new Map<string, Turn>();
	turnsOfExecution.set(handle, turns);
	const earlier = turns.get(key);
	let resolve: (created?: IDataObject) => void = () => {};
	let handed: IDataObject | undefined;
	const mine: Turn = {
		over: new Promise<IDataObject | undefined>((done) => (resolve = done)),
		// what this item created, else what it was handed: the key's record travels down the whole line of holders
		end: (created) => {
			if (turns.get(key) === mine) turns.delete(key);
			resolve(created ?? handed);
		},
	};
	turns.set(key, mine);
	handed = earlier ? await earlier.over : undefined;
	return { end: mine.end, handed };
}
