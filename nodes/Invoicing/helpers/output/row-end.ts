import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { sequenceOfItem } from '../guards/writes/join-sequence';

type Shape = (this: IExecuteSingleFunctions, items: INodeExecutionData[], ...rest: never[]) => Promise<INodeExecutionData[]>;

/**
 * A create of Next in Sequence tells its run the record it outputs once its looks after the writes are over (the
 * twin's, a new number) or that it failed: a later row of the same key outputs that record (keyed-rows).
 */
export function endsRow<S extends Shape>(shape: S): S {
	return async function rowEnd(this: IExecuteSingleFunctions, ...args: Parameters<S>) {
		const joined = sequenceOfItem(this);
		return await (shape as Shape).apply(this, args as never).then(
			(items) => {
				joined?.sequence.end.ends.ended(joined.index, items[0]?.json);
				return items;
			},
			async (error: unknown) => {
				joined?.sequence.end.ends.ended(joined.index, undefined);
				return await Promise.reject(error);
			},
		);
	} as S;
}
