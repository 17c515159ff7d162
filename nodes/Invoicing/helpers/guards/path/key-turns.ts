import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../../shared/api-request';
import { settlesWithin } from '../../../../shared/timers';

/**
 * One item's hold on a key: over once its write has its outcome, or once it decided not to write. It hands the
 * next holder the key's record it created or found, if any: the next may belong to another run, whose list was
 * read before that record was there.
 */
interface Turn {
	over: Promise<IDataObject | undefined>;
	end: (created?: IDataObject) => void;
	/** When it is over at the latest: when the turn before it is over at the latest, plus its own longest hold. */
	deadline: number;
	holder: Holder;
}

/** Who holds (or waits for) a turn: its execution, what it does (the item's failure label), and how long it may hold. */
export interface Holder {
	execution: string | undefined;
	describe: () => string;
	longestHoldMs: number;
}

/** The earlier holder a waiter gave up on: it sends nothing (key-turns never hands a turn on while its holder is in). */
export interface WaitedOut {
	waitedMs: number;
	holder: Holder;
}

/**
 * The turn each key is in, for the whole n8n process: two executions at once (webhook calls in regular mode,
 * a re-delivery, Retry On Fail) take turns on a key exactly as two items of one run do. Keys name the service
 * (its Base URL), so books of two services never wait on each other. An entry lives while its turn is held or
 * waited for: at most one per item in flight, for at most the longest hold of the holders in line.
 */
const turns = new Map<string, Turn>();

/**
 * The key of a guarded write on the service the request goes to: the node's credential (its id: a saved
 * credential is one service; the Base URL is set by the credential's authenticate only when the request leaves,
 * so a preSend does not see it), and the Base URL when the request has one.
 */
export const serviceKey = (ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, key: string): string =>
	`${credentialKey(ctx)}\u0000${String(options.baseURL ?? '')}\u0000${key}`;

/** The node's credential: its id (or name), one service. */
export function credentialKey(ctx: IExecuteSingleFunctions): string {
	const credential = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
	return credential?.id ?? credential?.name ?? '';
}

/**
 * Waits until the earlier holder of `key` (in any execution of this process) is done with it: a holder always
 * ends its turn (write-guards: when its request settles, or when its guard fails), and every wait of a request
 * is bounded (time-out, rate-limit budget), so no turn is ever released while its write may still land. A holder
 * never waits for another key or another item while it holds one, so turns cannot deadlock. The wait is bounded
 * by the earlier holder's deadline: past it, that holder is stuck, and this item gives up (`waitedOut`) without
 * the turn, which passes on only once the stuck holder ends. Otherwise returns the function that ends this item's
 * turn (idempotent; give it the record the item created) and the record the earlier holder created.
 */
export async function takeTurn(
	key: string,
	holder: Holder,
): Promise<{ end: (created?: IDataObject) => void; handed?: IDataObject; waitedOut?: undefined } | { waitedOut: WaitedOut }> {
	const earlier = turns.get(key);
	const startedAt = Date.now();
	let resolve: (created?: IDataObject) => void = () => {};
	const received: { record?: IDataObject } = {};
	const mine: Turn = {
		over: new Promise<IDataObject | undefined>((done) => (resolve = done)),
		// what this item created or found, else what it was handed: the key's record travels down the whole line of holders
		end: (created) => {
			if (turns.get(key) === mine) turns.delete(key);
			resolve(created ?? received.record);
		},
		deadline: Math.max(startedAt, earlier?.deadline ?? 0) + holder.longestHoldMs,
		holder,
	};
	turns.set(key, mine);
	if (earlier && !(await settlesWithin(earlier.over, earlier.deadline - startedAt))) {
		// the next in line waits for the stuck holder too, never for this item alone
		void earlier.over.then((record) => mine.end(record));
		return { waitedOut: { waitedMs: Date.now() - startedAt, holder: earlier.holder } };
	}
	received.record = earlier ? await earlier.over : undefined;
	return { end: mine.end, handed: received.record };
}

/** How many keys are held now (tests: nothing stays held after a run). */
export const heldKeys = (): number => turns.size;
