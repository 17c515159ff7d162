import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * A record kept for the rest of the execution in n8n's node context (`getContext('node')`, the engine's
 * per-execution store): a retry of the node (Retry On Fail re-runs it in the same execution) finds what the
 * failed try left there, and nothing outlives the execution. Pinned in test/engine/engine-assumptions.test.ts.
 */

// only when the engine offers no node context (never in n8n's own runs): keyed by execution and node
const fallback = new Map<string, IDataObject>();

function nodeContext(ctx: IExecuteSingleFunctions): IDataObject {
	try {
		return ctx.getContext('node') as IDataObject;
	} catch {
		const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
		const context = fallback.get(key) ?? {};
		if (!fallback.has(key)) {
			if (fallback.size > 100) fallback.clear();
			fallback.set(key, context);
		}
		return context;
	}
}

/** A plain record (n8n saves it with the execution): only data, never objects with behaviour. */
export function executionMemory<T extends object>(ctx: IExecuteSingleFunctions, name: string): T {
	const context = nodeContext(ctx);
	context[name] ??= {};
	return context[name] as T;
}

/**
 * One object per execution and node, for a WeakMap key: what must last as long as the execution but may not be
 * saved with it (a rate gate with its waiting requests).
 */
export function executionHandle(ctx: IExecuteSingleFunctions): object {
	return nodeContext(ctx);
}
