import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * A record kept for the rest of the execution in n8n's node context (`getContext('node')`, the engine's
 * per-execution store): a retry of the node (Retry On Fail re-runs it in the same execution) finds what the
 * failed try left there, and nothing outlives the execution. Pinned in test/engine/engine-assumptions.test.ts.
 */

// only when the engine offers no node context (never in n8n's own runs): keyed by execution and node
const fallback = new Map<string, IDataObject>();

export function executionMemory<T extends object>(ctx: IExecuteSingleFunctions, name: string): T {
	let context: IDataObject;
	try {
		context = ctx.getContext('node') as IDataObject;
	} catch {
		const key = `${ctx.getExecutionId() ?? ''}\u0000${ctx.getNode().name}`;
		context = fallback.get(key) ?? {};
		if (!fallback.has(key)) {
			if (fallback.size > 100) fallback.clear();
			fallback.set(key, context);
		}
	}
	context[name] ??= {};
	return context[name] as T;
}
