import { sleep, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * What the items of one node run share. n8n's declarative engine starts every item's request in one
 * synchronous loop, so items that arrive before the next turn of the event loop belong to the same run
 * (or the same batch): they share one lookup per list and take turns on the same key. Nothing outlives
 * the run: the scope is dropped from the map at once and lives on only through the items holding it.
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

const openScopes = new Map<string, RunScope>();

/** The scope each item joined: an item that awaited a lookup (By Number) before taking its turn stays in its run. */
const scopeOfItem = new WeakMap<IExecuteSingleFunctions, RunScope>();

export function runScope(ctx: IExecuteSingleFunctions): RunScope {
	const joined = scopeOfItem.get(ctx);
	if (joined) return joined;
	const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
	let scope = openScopes.get(key);
	if (!scope) {
		scope = { lists: new Map(), turns: new Map(), clients: new Set() };
		openScopes.set(key, scope);
		// a timer runs only after every item of the loop has joined (their pre-sends resume as microtasks)
		void sleep(0).then(() => openScopes.delete(key));
	}
	scopeOfItem.set(ctx, scope);
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
