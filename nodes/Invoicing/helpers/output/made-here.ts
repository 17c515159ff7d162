import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { nodeRunIndex } from '../../engine/engine-run';
import { executionMemory } from '../../engine/execution-memory';

/** Which row of which run of this node created a record in this execution. */
export interface Maker {
	item: number;
	run: number;
}

type MadeHere = Record<string, Maker>;

const MEMORY = 'madeHere';

/**
 * Called at a create's answer, before the item's turn on its key ends: a later row of the run that finds this
 * record can then say that this run made it, not an earlier one (not "existing" where nothing existed before the run).
 */
export function rememberMade(ctx: IExecuteSingleFunctions, resource: string, record: IDataObject): void {
	if (record.id === undefined) return;
	executionMemory<MadeHere>(ctx, MEMORY)[`${resource}:${String(record.id)}`] = { item: ctx.getItemIndex(), run: nodeRunIndex(ctx) };
}

/** The row that created this record in this execution, and whether it was in the node's current run. */
export function madeHere(ctx: IExecuteSingleFunctions, resource: string, record: IDataObject): (Maker & { thisRun: boolean }) | undefined {
	const maker = executionMemory<MadeHere>(ctx, MEMORY)[`${resource}:${String(record.id)}`];
	return maker === undefined ? undefined : { ...maker, thisRun: maker.run === nodeRunIndex(ctx) };
}
