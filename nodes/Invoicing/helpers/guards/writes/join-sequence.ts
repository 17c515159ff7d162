import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { executionRowsOf } from '../keys/execution-rows';
import type { GuardedResource } from '../keys/matching';
import { readPattern } from '../keys/number-pattern';
import { serviceKey } from '../path/key-turns';
import { runScope, type RunScope } from '../path/run-scope';
import { laneOf } from '../path/sequence-lanes';
import { keyText } from '../path/write-keys';
import { ItemMemory } from '../../../engine/item-memory';
import { RunSequence } from './run-sequence';

const sequencesOfRun = new WeakMap<RunScope, Map<string, RunSequence>>();

/** Joins the run's sequence for the item's resource and pattern. Call before any await. */
export function joinSequence(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, resource: GuardedResource): { sequence: RunSequence; index: number } {
	const pattern = readPattern(ctx);
	const scope = runScope(ctx);
	const byKey = sequencesOfRun.get(scope) ?? new Map<string, RunSequence>();
	sequencesOfRun.set(scope, byKey);
	const key = keyText({ kind: 'sequence', resource, prefix: pattern.prefix, digits: pattern.digits });
	let sequence = byKey.get(key);
	const execution = executionRowsOf(ctx, key);
	// the first item joins first in every try of the node (Retry On Fail runs them all again)
	if (ctx.getItemIndex() === 0) execution.restart();
	if (!sequence) {
		sequence = new RunSequence(resource, pattern, laneOf(serviceKey(ctx, options, key)), execution);
		byKey.set(key, sequence);
	}
	const entry = { sequence, index: ctx.getItemIndex() };
	sequence.join(entry.index);
	itemSequence.set(ctx, entry);
	return entry;
}

const itemSequence = new ItemMemory<{ sequence: RunSequence; index: number }>();

/** The run's sequence this item joined, if it takes its number from one. */
export const sequenceOfItem = (ctx: IExecuteSingleFunctions) => itemSequence.get(ctx);
