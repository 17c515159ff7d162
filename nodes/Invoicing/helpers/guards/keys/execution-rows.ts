import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { within } from '../../../../shared/timers';
import { inputLength, requestBatching } from '../../../engine/engine-run';
import { executionHandle } from '../../../engine/execution-memory';
import { sameContent, type Content } from './content-match';

/** How long past the last batch's start its items may take to join (the engine builds each item's request first). */
const JOIN_SLACK_MS = 1000;

/**
 * What every item of the node's input creates in one sequence, by item index, across the batches of Request
 * Options > Batching (each batch is a run of the sequence, see run-sequence): a batch's twin look counts the
 * rows of a content over the whole execution, as its twin in another process does, whichever batch made what.
 * Null: an item that creates no matchable row (Create Anyway, or it failed before saying what it creates).
 */
export class ExecutionRows {
	private readonly contents = new Map<number, Content | null>();
	private begunAt = Date.now();
	private readonly waiting = new Set<() => void>();

	/** A new try of the node (Retry On Fail) starts again with its first batch. */
	restart(): void {
		this.contents.clear();
		this.begunAt = Date.now();
	}

	set(index: number, content: Content | null): void {
		this.contents.set(index, content);
		for (const joined of this.waiting) joined();
	}

	/**
	 * The items of the input whose row has `content`, once every item joined or the engine's loop has started its last
	 * batch and a moment passed (an item that never joins, for another numbering, is not waited on for longer).
	 */
	async rowsOf(ctx: IExecuteSingleFunctions, content: Content): Promise<number[]> {
		const total = inputLength(ctx);
		const until = lastBatchAt(ctx, total, this.begunAt) + JOIN_SLACK_MS;
		if (this.contents.size < total && Date.now() < until) {
			let joined = () => {};
			const all = new Promise<void>((done) => (joined = () => (this.contents.size >= total ? done() : undefined)));
			this.waiting.add(joined);
			await within(all, until - Date.now());
			this.waiting.delete(joined);
		}
		return [...this.contents].filter(([, other]) => other !== null && sameContent(other, content)).map(([index]) => index);
	}
}

/**
 * When the engine's item loop starts its last batch (Request Options > Batching: it pauses only when an interval is
 * set); -Infinity without batching, when every item joined in the first loop and none is waited on.
 */
function lastBatchAt(ctx: IExecuteSingleFunctions, total: number, begunAt: number): number {
	const { size, intervalMs } = requestBatching(ctx);
	return intervalMs > 0 ? begunAt + (Math.ceil(total / size) - 1) * intervalMs : -Infinity;
}

/** How long after the first batch the last one starts and its items join (0 without a Batch Interval): a batch's look waits that long. */
export function batchesSpanMs(ctx: IExecuteSingleFunctions): number {
	const span = lastBatchAt(ctx, Number.POSITIVE_INFINITY, 0);
	return span === -Infinity ? 0 : Math.max(0, lastBatchAt(ctx, inputLength(ctx), 0)) + JOIN_SLACK_MS;
}

const rowsOfExecution = new WeakMap<object, Map<string, ExecutionRows>>();

/** The execution's rows for the sequence `key` (one per execution and node). */
export function executionRowsOf(ctx: IExecuteSingleFunctions, key: string): ExecutionRows {
	const handle = executionHandle(ctx);
	const byKey = rowsOfExecution.get(handle) ?? new Map<string, ExecutionRows>();
	rowsOfExecution.set(handle, byKey);
	let rows = byKey.get(key);
	if (!rows) {
		rows = new ExecutionRows();
		byKey.set(key, rows);
	}
	return rows;
}
