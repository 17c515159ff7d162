import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * What the engine tells of the node's current run, read where n8n keeps it: the run's index (a loop runs the node
 * again), how many items it was given, and Request Options > Batching (the collection n8n's loader adds to every
 * declarative node; the engine applies it to the routed requests).
 */

/** The node's run within the execution; 0 when the engine does not say. */
export function nodeRunIndex(ctx: IExecuteSingleFunctions): number {
	const run = ctx.getWorkflowDataProxy(ctx.getItemIndex()).$runIndex;
	return typeof run === 'number' ? run : 0;
}

/** How many items the node was given in this run; 0 when the engine does not say (the items that joined are all there is). */
export function inputLength(ctx: IExecuteSingleFunctions): number {
	try {
		return ctx.getWorkflowDataProxy(ctx.getItemIndex()).$input.all().length;
	} catch {
		// an engine without the proxy
		return 0;
	}
}

/** Batching as the engine applies it: items per batch (1 when unset) and the pause before each next batch (0: none). */
export function requestBatching(ctx: IExecuteSingleFunctions): { size: number; intervalMs: number } {
	const batching = ((ctx.getNodeParameter('requestOptions', {}) as IDataObject).batching as IDataObject | undefined)?.batch as IDataObject | undefined;
	const size = Number(batching?.batchSize ?? 0);
	return { size: size > 0 ? size : 1, intervalMs: Number(batching?.batchInterval ?? 0) };
}
