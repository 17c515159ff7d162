import type { OperationEntry, OperationSpec, PreSendName, ResourceEntry, ResourceSpec } from './types';

/**
 * What each preSend step implies for its operation: whether it guards a retry or re-run against applying the
 * operation twice (duplicate, send-log or payment guard), and whether it acts on one record chosen with the
 * resource's record locator. A step not listed does neither, unless its operation's entry says so.
 */
export const STEP_FACTS: Readonly<Record<PreSendName, { guarded: boolean; onRecord: boolean }>> = {
	none: { guarded: false, onRecord: false },
	list: { guarded: false, onRecord: false },
	create: { guarded: false, onRecord: false },
	recordId: { guarded: false, onRecord: true },
	update: { guarded: false, onRecord: true },
	guardedCreate: { guarded: true, onRecord: false },
	upsert: { guarded: true, onRecord: false },
	send: { guarded: true, onRecord: true },
	recordPayment: { guarded: true, onRecord: true },
	fromEstimate: { guarded: true, onRecord: false },
};

const derived = (operation: OperationEntry): OperationSpec => ({
	...operation,
	guarded: operation.guarded ?? STEP_FACTS[operation.preSend]?.guarded ?? false,
	onRecord: operation.onRecord ?? STEP_FACTS[operation.preSend]?.onRecord ?? false,
});

/** The resource's spec with what its operations' steps imply. */
export const withDerivedFacts = (entry: ResourceEntry): ResourceSpec => ({ ...entry, operations: entry.operations.map(derived) });
