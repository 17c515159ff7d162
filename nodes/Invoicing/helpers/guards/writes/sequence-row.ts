import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { Content } from '../keys/content-match';

/** What the sequence decided for one item; `sameKeyAs`: the document an earlier row of the run with the same key makes. */
export type SequenceVerdict = { kind: 'new'; number: string } | { kind: 'existing'; record: IDataObject } | { kind: 'sameKeyAs'; index: number };

/** A row of the run, as its item claimed its place. */
export interface Row {
	ctx: IExecuteSingleFunctions;
	options: IHttpRequestOptions;
	content: Content;
	/** Off for Create Anyway: the row is always a new document. */
	matchable: boolean;
	/** The longest the row's write can hold the lane (hold-limit's longestHoldMs). */
	holdMs: number;
	resolve: (verdict: SequenceVerdict) => void;
	fail: (error: unknown) => void;
}
