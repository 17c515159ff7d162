import fc from 'fast-check';

import { ALL_OPERATIONS, MAKES_INVOICES, NUMBERED, ON_INVOICE, type Operation } from './operations';

export type { Operation } from './operations';
export { WRITES } from './operations';

/**
 * A whole scenario (issues 30, 34): 1-4 executions of the Invoicing node started at once over 1-30 items that
 * share 1-5 keys (identical executions: twins), each a chain of one to three operations, its settings, and the
 * faults the sandbox answers with, request after request. Drawn by fast-check, replayed by seed and path.
 */

/** How a 429 names its wait: no header, 0, whole seconds, an HTTP date (ms from the answer), text no client can read, longer than any wait allowed here. */
export type RetryAfter = { form: 'absent' } | { form: 'seconds'; value: string } | { form: 'date'; inMs: number } | { form: 'garbage'; value: string } | { form: 'long'; value: string };

export type Fault =
	| { kind: 'rateLimited'; method?: string; count: number; retryAfter: RetryAfter }
	/** Answer held for `percent` of the time-out (up to 150); "before": applied after the hold, "after": applied, then held. */
	| { kind: 'slow'; method?: string; when: 'before' | 'after'; percent: number }
	| { kind: 'serverError'; method?: string; when: 'before' | 'after'; status: 500 | 502 | 503 }
	| { kind: 'dropped'; method?: string; when: 'before' | 'after' };

export interface Settings {
	timeoutMs: number;
	/** Rate Limits > Longest Wait (Seconds); undefined: the default. */
	longestWaitS?: number;
	batching?: { batchSize: number; batchInterval: number };
	retry?: { maxTries: number; waitBetweenTries: number };
	continueOnFail: boolean;
	ifExists: 'returnIdentical' | 'error' | 'create';
	settleTimeouts: 1 | 2 | 5;
	ifPaid: 'skip' | 'error' | 'record';
	refuseOverpayment: boolean;
	repeatWindowMinutes: 0 | 60;
	skipIfSentWithinMinutes: 0 | 60;
	existingPaymentStatus: 'paidOnly' | 'keep' | 'set';
	/** Create or Update of invoices: the status the items ask for. */
	paymentStatus: 'Not Paid' | 'Paid';
	clientHasEmail: boolean;
	/** Create Invoice, Create Estimate, Create From Estimate: Given Number or Next in Sequence. */
	numbering: 'given' | 'next';
	/** Options > Numbers Unique Within of the guarded creates of invoices and estimates (undefined: the default, book). */
	numberScope?: 'book' | 'eachClient';
	/** Create From Estimate: Mark Estimate Accepted. */
	markAccepted: boolean;
	/**
	 * Next in Sequence: each row's Re-Run Key (absent: the content is the key). "same": the key of the row's scenario
	 * key in every execution (one order delivered again); "different": each execution its own keys over equal orders
	 * (the same content in every execution). Written in the note or the description.
	 */
	rerunKey?: { across: 'same' | 'different'; field: 'note' | 'description' };
	/** Create From Estimate with Next in Sequence: If Estimate Already Invoiced (undefined: the default, Return Existing). */
	ifEstimateInvoiced?: 'createAnother';
	/** Create From Estimate: each execution gives an issue date of its own (re-runs with other dates). */
	datesPerRun?: boolean;
	/**
	 * Record Payment: Amount Paid is the invoice's outstanding balance as read before the step ("pay what is due"),
	 * and the executions are run again: the re-run pays 0 of an invoice the first runs paid.
	 */
	payDue?: boolean;
	/** The node's version (absent: 1, as saved workflows have it; 2: a node added since, with version 2's fields and defaults). */
	version?: 2;
	/** Get Many: Invoice Number filter (text as typed), status filter, Return All or Limit. */
	filter: { invoiceNo?: string; paymentStatus?: 'Paid' | 'Not Paid'; returnAll: boolean; limit: number };
}

export interface Scenario {
	/** The first step of every execution. */
	operation: Operation;
	/** Steps after it, each fed the items the one before output (an invoice's id). */
	chain: Operation[];
	/** Executions started at the same moment in one process (regular mode's webhook calls). */
	executions: number;
	/** Every execution gets the same input (one delivery twice at once); otherwise each its own rows over the same keys. */
	twins: boolean;
	/**
	 * 2: the executions alternate between two n8n processes (queue workers: turns, lanes and memories are per
	 * process, only the service is shared); absent: all in one process.
	 */
	processes?: 2;
	keys: number;
	/** The key (0 .. keys-1) of each input item (drawn 0..4, taken modulo `keys`). */
	items: number[];
	/** Once every execution is over, the first execution's first step runs again (a re-run, in the first process). */
	again?: true;
	settings: Settings;
	faults: Fault[];
}

const METHODS = fc.constantFrom(undefined, 'GET', 'POST', 'PUT');

const retryAfter: fc.Arbitrary<RetryAfter> = fc.oneof(
	{ weight: 2, arbitrary: fc.constant<RetryAfter>({ form: 'absent' }) },
	{ weight: 3, arbitrary: fc.constantFrom('0', '1').map((value): RetryAfter => ({ form: 'seconds', value })) },
	{ weight: 1, arbitrary: fc.integer({ min: 1_000, max: 2_000 }).map((inMs): RetryAfter => ({ form: 'date', inMs })) },
	{ weight: 1, arbitrary: fc.constantFrom('a 1', 'Mon 5', 'soon', '-1', '1.5', 'x').map((value): RetryAfter => ({ form: 'garbage', value })) },
	{ weight: 1, arbitrary: fc.constantFrom('30', '120').map((value): RetryAfter => ({ form: 'long', value })) },
);

function faultOf(): fc.Arbitrary<Fault> {
	const when = fc.constantFrom<'before' | 'after'>('before', 'after');
	return fc.oneof(
		{ weight: 4, arbitrary: fc.record({ kind: fc.constant('rateLimited' as const), method: METHODS, count: fc.integer({ min: 1, max: 2 }), retryAfter }) },
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('slow' as const), method: METHODS, when, percent: fc.integer({ min: 0, max: 150 }) }) },
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('serverError' as const), method: METHODS, when, status: fc.constantFrom<500 | 502 | 503>(500, 502, 503) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('dropped' as const), method: METHODS, when }) },
	);
}

/** Undefined in three scenarios of four (the first, undefined, is what shrinking goes to). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
	fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arbitrary });

const settings: fc.Arbitrary<Settings> = fc.record({
	timeoutMs: fc.integer({ min: 3, max: 15 }).map((tenths) => tenths * 100),
	longestWaitS: fc.constantFrom(undefined, 0, 1, 2),
	// each in about a quarter of the scenarios (a batch interval of 200 ms over 30 rows alone is 6 s)
	batching: sometimes(fc.record({ batchSize: fc.integer({ min: 1, max: 5 }), batchInterval: fc.constantFrom(0, 20, 50) })),
	retry: sometimes(fc.record({ maxTries: fc.integer({ min: 2, max: 3 }), waitBetweenTries: fc.constantFrom(0, 100) })),
	continueOnFail: fc.boolean(),
	ifExists: fc.constantFrom('returnIdentical', 'returnIdentical', 'error', 'create'),
	settleTimeouts: fc.constantFrom<1 | 2 | 5>(1, 1, 2, 5),
	ifPaid: fc.constantFrom('skip', 'skip', 'error', 'record'),
	refuseOverpayment: fc.boolean(),
	repeatWindowMinutes: fc.constantFrom<0 | 60>(60, 60, 0),
	skipIfSentWithinMinutes: fc.constantFrom<0 | 60>(60, 60, 0),
	existingPaymentStatus: fc.constantFrom('paidOnly', 'keep', 'set'),
	paymentStatus: fc.constantFrom('Not Paid', 'Paid'),
	clientHasEmail: fc.boolean(),
	numbering: fc.constantFrom('given', 'next'),
	markAccepted: fc.boolean(),
	filter: fc.record({
		invoiceNo: fc.constantFrom(undefined, 'INV-1', ' INV-2 ', 'INV-404', '', ' '),
		paymentStatus: fc.constantFrom(undefined, 'Paid', 'Not Paid'),
		returnAll: fc.boolean(),
		limit: fc.integer({ min: 1, max: 4 }),
	}),
	numberScope: fc.constantFrom<'book' | 'eachClient' | undefined>(undefined, 'book', 'eachClient'),
}).chain((drawn) =>
	// drawn after the settings above, so that a seed draws those as before
	fc
		.record({
			rerunKey: fc.oneof(
				{ weight: 1, arbitrary: fc.constant(undefined) },
				{ weight: 1, arbitrary: fc.record({ across: fc.constantFrom<'same' | 'different'>('same', 'different'), field: fc.constantFrom<'note' | 'description'>('note', 'description') }) },
			),
			ifEstimateInvoiced: sometimes(fc.constant<'createAnother'>('createAnother')),
			datesPerRun: fc.boolean(),
			payDue: fc.boolean(),
			version: sometimes(fc.constant<2>(2)),
		})
		.map((keyed) => ({ ...drawn, ...withoutUndefined(keyed) })),
) as fc.Arbitrary<Settings>;

/** The drawn values that are set (an absent setting stays absent, as in scenarios saved before it existed). */
function withoutUndefined<T extends object>(record: T): Partial<T> {
	return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== false)) as Partial<T>;
}

/** Follow-up steps on the invoices a step outputs: none in half the scenarios that can have them, a Delete only last. */
function chainAfter(operation: Operation): fc.Arbitrary<Operation[]> {
	if (!MAKES_INVOICES.includes(operation) || operation === 'invoiceDelete') return fc.constant([]);
	const next = fc.constantFrom(...ON_INVOICE.filter((o) => o !== 'invoiceDelete'));
	return fc.oneof(
		{ weight: 4, arbitrary: fc.constant<Operation[]>([]) },
		{ weight: 2, arbitrary: fc.tuple(fc.constantFrom(...ON_INVOICE)).map((steps) => [...steps]) },
		{ weight: 2, arbitrary: fc.tuple(next, fc.constantFrom(...ON_INVOICE)).map((steps) => [...steps]) },
	);
}

/**
 * Executions at once run in one n8n process three times in four, otherwise across two (queue workers: turns, lanes
 * and memories are per process, only the service is shared). `--processes 1` (INVOICING_SCENARIO_PROCESSES=1)
 * keeps every execution in one process and makes no draw, so seeds drawn with one process (the earlier default)
 * replay as they did.
 */
function processesOf(executions: number): fc.Arbitrary<1 | 2> {
	if (executions < 2 || process.env.INVOICING_SCENARIO_PROCESSES === '1') return fc.constant<1 | 2>(1);
	return fc.oneof({ weight: 3, arbitrary: fc.constant<1 | 2>(1) }, { weight: 1, arbitrary: fc.constant<1 | 2>(2) });
}

/** A re-run after the executions: in a third of the scenarios of an operation that numbers (Given Number, Next in Sequence), and always for Record Payment of what is due. */
function againOf(operation: Operation, payDue: boolean): fc.Arbitrary<true | undefined> {
	if (operation === 'recordPayment' && payDue) return fc.constant(true);
	if (!NUMBERED.includes(operation)) return fc.constant(undefined);
	return fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant<true>(true) });
}

/** Paying what is due asks once per invoice: one key per set-up invoice (two), whatever the rows. */
const keysOf = ({ operation, settings, keys }: { operation: Operation; settings: Settings; keys: number }): number =>
	operation === 'recordPayment' && settings.payDue ? Math.min(keys, 2) : keys;

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
	.record({
		operation: fc.constantFrom<Operation>(...ALL_OPERATIONS),
		executions: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.integer({ min: 2, max: 4 }) }),
		twins: fc.boolean(),
		keys: fc.integer({ min: 1, max: 5 }),
		items: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 30 }),
		settings,
		faults: fc.array(faultOf(), { maxLength: 4 }),
	})
	.chain((drawn) =>
		chainAfter(drawn.operation).chain((chain) =>
			processesOf(drawn.executions).chain((processes) =>
				againOf(drawn.operation, drawn.settings.payDue === true).map((again) => ({
					...drawn,
					chain,
					keys: keysOf(drawn),
					items: drawn.items.map((key) => key % keysOf(drawn)),
					...(processes === 2 ? { processes } : {}),
					...(again ? { again } : {}),
				})),
			),
		),
	);
