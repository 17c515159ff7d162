import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { lookUntilSettled, settleRule, type UncertainWrite } from './uncertain-writes';
import { describeKey, keyText, type WriteKey } from './write-keys';
import { serviceKey, takeTurn, type Holder } from './key-turns';
import { longestHoldMs, waitedOut } from './hold-limit';
import { failureLabel } from '../../errors/failure-labels';
import { runScope } from './run-scope';
import type { GuardedWrite } from './write-guards';

/** What the look step is told. */
export interface Look {
	/** From the second look on (an earlier write of this execution on the key had no answer): read afresh. */
	again: boolean;
	/** That unanswered write: what its guard saw, and until when it may land. */
	earlier?: UncertainWrite;
	/** The key's record the previous holder made or found in another run or batch; the run's list may predate it. */
	handed?: IDataObject;
}

/** The item's turn, as the write step holds it. */
export interface Turn {
	/** Ends the turn, handing the next holder the key's record (the one made, else the one found). */
	end: (record?: IDataObject) => void;
	/** The write's key and settle time, for a retry should its answer never come. */
	write: GuardedWrite;
}

/**
 * The one path of a guarded write (docs/design.md, "The write path"). The caller declares the **key** (`write-keys`); then:
 * 1. **turn**: one holder of the key at a time among the process's executions (`key-turns`); it ends when the
 *    write's answer settles (or its request is over, `write-guards` `endTurnOf`), or at once on a failure here;
 * 2. **look**: the caller's read, shared by the run where it can (the kind's list, the client's documents, the
 *    record), repeated while an earlier unanswered write of this execution on the key may still land
 *    (`uncertain-writes`);
 * 3. **write**: the caller's decision on what the look found (`decide`): the request, the existing record read
 *    instead, or a skip;
 * 4. after the answer, from the output shaping: **look again** for what another process wrote at the same moment,
 *    **converge** on the record made first, and **report** (`after/after-create` for creates, with the number check
 *    for a number the node chose; `after/after-action` for Send and Record Payment).
 * Next in Sequence takes its turn and look per run of the sequence (`sequence-lane`), then steps 3-4 alike.
 */
export async function alongWritePath<Found>(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	declared: WriteKey,
	optionsCollection: string,
	look: (step: Look) => Promise<Found | undefined>,
	write: (found: Found | undefined, turn: Turn) => IHttpRequestOptions | Promise<IHttpRequestOptions>,
): Promise<IHttpRequestOptions> {
	const key = keyText(declared);
	// the run's scope is only found while the engine's item loop is on: before the first await
	runScope(ctx);
	const holder: Holder = { execution: ctx.getExecutionId(), describe: () => failureLabel(ctx), longestHoldMs: longestHoldMs(ctx, options, optionsCollection) };
	const turn = await takeTurn(serviceKey(ctx, options, key), holder);
	if (turn.waitedOut) {
		const { waitedMs, holder: stuck } = turn.waitedOut;
		const whose = stuck.execution === holder.execution ? 'this execution' : 'another execution';
		throw waitedOut(ctx, waitedMs, `${whose}'s ${stuck.describe()}`, describeKey(declared));
	}
	const { end, handed } = turn;
	let handedOver = false;
	try {
		const found = await lookUntilSettled(ctx, options, key, async (again, earlier) => await look({ again, earlier, handed }));
		const request = await write(found, { end, write: { key, ...settleRule(ctx, options, optionsCollection) } });
		handedOver = true;
		return request;
	} finally {
		if (!handedOver) end();
	}
}
