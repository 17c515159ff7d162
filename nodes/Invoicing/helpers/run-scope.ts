import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * What the items of one node run share. n8n's declarative engine starts every item's request in one
 * synchronous loop, so items that arrive before the next turn of the event loop belong to the same run
 * (or the same batch): they share one lookup per list and take turns on the same key. Nothing outlives
 * the run: the scope is dropped from the map at once and lives on only through the items holding it.
 */
export interface RunScope {
	lists: Map<string, Promise<IDataObject[]>>;
	turns: Map<string, Promise<void>>;
}

const openScopes = new Map<string, RunScope>();

export function runScope(ctx: IExecuteSingleFunctions): RunScope {
	const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
	let scope = openScopes.get(key);
	if (!scope) {
		scope = { lists: new Map(), turns: new Map() };
		openScopes.set(key, scope);
		setImmediate(() => openScopes.delete(key));
	}
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
 * Waits until the earlier items of this run holding `key` have finished their write (or their request's
 * time-out has passed, when a failed connection means they never report back). Returns the function that
 * ends this item's turn; call it exactly when this item's write is settled.
 */
export async function takeTurn(scope: RunScope, key: string, timeoutMs: number): Promise<() => void> {
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, timeoutMs);
		timer.unref();
	});
	const previous = Promise.race([scope.turns.get(key) ?? Promise.resolve(), timedOut]);
	let end: () => void = () => undefined;
	const mine = new Promise<void>((resolve) => (end = resolve));
	scope.turns.set(key, previous.then(() => mine));
	await previous;
	clearTimeout(timer);
	return end;
}
