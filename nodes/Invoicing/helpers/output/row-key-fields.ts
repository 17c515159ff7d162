import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { rowKeyOf } from '../guards/writes/next-number';
import type { WriteAction } from './action-reason';

/**
 * A row of Next in Sequence: its Re-Run Key (`rerun_key`, when given) and, when it found its document, what it was
 * recognised by (`matched_by`: "key", "estimate" or "content").
 */
export function rowKeyFields(ctx: IExecuteSingleFunctions, action: WriteAction): IDataObject {
	const key = rowKeyOf(ctx);
	if (!key) return {};
	return { ...(key.rerunKey === undefined ? {} : { rerun_key: key.rerunKey }), ...(action === 'existing' ? { matched_by: key.matchedBy } : {}) };
}
