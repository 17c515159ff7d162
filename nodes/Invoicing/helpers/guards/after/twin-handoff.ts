import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * Twins across processes finish once (issue 34). When two executions create the same record at the same moment,
 * the one whose copy was made later deletes it and outputs the other's (converge-create). Its item then carries
 * `twin` (the id it deleted, the id it kept): the execution that made the kept record goes on with the chain, so a
 * Send or Record Payment fed that item does not act again; it is skipped and says why. A re-run's `existing` has
 * no `twin`, so re-runs act as before (their guards look at the send log and the payments).
 */
export const TWIN_KEY = 'twin';

export interface TwinHandoff {
	deleted_id: string;
	kept_id: string;
	note: string;
}

export function twinHandoff(deletedId: string, keptId: string): TwinHandoff {
	return {
		deleted_id: deletedId,
		kept_id: keptId,
		note: 'Another execution created this record at the same moment and goes on with it; the Send and Record Payment steps fed this item skip it.',
	};
}

/** The hand-off the item this action acts on carries for record `id`, if any. */
export function handedOffTo(ctx: IExecuteSingleFunctions, id: string): TwinHandoff | undefined {
	const json = ctx.getInputData()?.json as IDataObject | undefined;
	const twin = json?.[TWIN_KEY] as Partial<TwinHandoff> | undefined;
	if (typeof twin !== 'object' || twin === null || String(twin.kept_id) !== id) return undefined;
	return twin as TwinHandoff;
}
