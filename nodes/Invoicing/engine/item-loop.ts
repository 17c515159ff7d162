import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { pause } from '../../shared/timers';
import { inputLength } from './engine-run';
import { ItemMemory } from './item-memory';

/**
 * The order of the declarative engine's item loop: it starts every item's request in one synchronous loop (each
 * item's preSend runs until its first await before the next item's starts), so the items that reach the node
 * before the next timer fires belong to the same run (or the same batch). Pinned in
 * test/engine/engine-assumptions.test.ts.
 */

/** Resolves once every item of the current loop has started: a timer runs after their pre-sends' microtasks. */
export async function afterItemLoop(): Promise<void> {
	await pause(0);
}

const openLoops = new Map<string, unknown>();

/**
 * The object the items of this loop share (per execution and node), made by `create` for the first item. Nothing
 * outlives the loop: the entry is dropped once the loop is over and lives on only through the items holding it.
 * Call it before any await of the item, while the loop is on.
 */
export function loopScope<T>(ctx: IExecuteSingleFunctions, create: () => T): T {
	const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
	let scope = openLoops.get(key) as T | undefined;
	if (scope === undefined) {
		scope = create();
		openLoops.set(key, scope);
		void afterItemLoop().then(() => openLoops.delete(key));
	}
	return scope;
}

/** A node run whose items are still joining: the object they share, which item indexes joined, how many it has. */
interface OpenRun {
	scope: object;
	joined: Set<number>;
	expected: number;
}

const openRuns = new Map<string, OpenRun>();
const runOfItem = new ItemMemory<object>();
/** Runs whose items never all joined (an execution cancelled mid-run) are dropped past this many. */
const MAX_OPEN_RUNS = 100;

/**
 * The object every item of one node run shares, across its batches: with *Request Options > Batching* the engine
 * starts each batch in an item loop of its own (loopScope), after a pause, yet n8n stops and reports at the first
 * failed item of the whole run. Each item joins once, whenever it first asks; the run stays open until all of
 * its items joined, and an item index that joined already starts a new run (a retry, or the node run again).
 */
export function nodeRunScope<T extends object>(ctx: IExecuteSingleFunctions, create: () => T): T {
	const known = runOfItem.get(ctx);
	if (known) return known as T;
	const expected = inputLength(ctx);
	// an engine that does not say how many items there are: the loop is all that is known
	if (expected === 0) return loopScope(ctx, create);
	const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
	const item = ctx.getItemIndex();
	let open = openRuns.get(key);
	if (!open || open.joined.has(item)) {
		open = { scope: create(), joined: new Set(), expected };
		openRuns.delete(key);
		openRuns.set(key, open);
		if (openRuns.size > MAX_OPEN_RUNS) openRuns.delete(openRuns.keys().next().value as string);
	}
	open.joined.add(item);
	if (open.joined.size >= open.expected) openRuns.delete(key);
	// from the request middleware (its context has the routed request's helper): kept under the item's own context
	if (typeof (ctx as { makeRoutingRequest?: unknown }).makeRoutingRequest === 'function') runOfItem.setFromMiddleware(ctx, open.scope);
	else runOfItem.set(ctx, open.scope);
	return open.scope as T;
}
