import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { pause } from '../../shared/timers';

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
