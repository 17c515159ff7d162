import { sleep, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

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

/** One item's hold on a key: over once its write has an answer. */
interface Turn {
	over: boolean;
}

const POLL_MS = 25;

/** The scope each item joined: an item that awaited a lookup (By Number) before taking its turn stays in its run. */
const joined = new ItemMemory<RunScope>();

export function runScope(ctx: IExecuteSingleFunctions): RunScope {
	const known = joined.get(ctx);
	if (known) return known;
	const scope = loopScope<RunScope>(ctx, () => ({ lists: new Map(), turns: new Map(), clients: new Set() }));
	joined.set(ctx, scope);
	return scope;
}

/**
 * The list, fetched once per run and kept up to date with the records this run writes. A failed lookup is not
 * shared: later turns try again, and an item that was waiting for it reads once itself, so that its failure
 * names its own row, not the row that made the shared read.
 */
export function sharedList(scope: RunScope, name: string, fetch: () => Promise<IDataObject[]>): Promise<IDataObject[]> {
	const shared = scope.lists.get(name);
	if (shared) return shared.catch(async () => await fetch());
	const list = fetch();
	scope.lists.set(name, list);
	list.catch(() => {
		if (scope.lists.get(name) === list) scope.lists.delete(name);
	});
	return list;
}

/**
 * Waits until the earlier item of this run holding `key` has its answer, or until `timeoutMs` passed (its
 * request cannot last longer; a dropped connection never reports back). Returns the function that ends
 * this item's turn; call it once this item's write has its answer. Only items sharing a key ever wait,
 * in short sleeps (community nodes may not hold timers of their own).
 */
export async function takeTurn(scope: RunScope, key: string, timeoutMs: number): Promise<() => void> {
	const earlier = scope.turns.get(key);
	const mine: Turn = { over: false };
	scope.turns.set(key, mine);
	const deadline = Date.now() + timeoutMs;
	while (earlier && !earlier.over && Date.now() < deadline) await sleep(POLL_MS);
	return () => {
		mine.over = true;
	};
}
