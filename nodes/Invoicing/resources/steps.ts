/**
 * The preSend steps an operation can name, and what each implies for its operation: whether it guards a retry or
 * re-run against applying the operation twice (duplicate, send-log or payment guard), and whether it acts on one
 * record chosen with the resource's record locator (unless the operation's entry says otherwise). The keys are the
 * only list of step names: a spec naming another one does not compile, and descriptions/routing.ts gives each its
 * code in a table over these same keys (PRE_SEND: Go to Definition on a key there lands here, Find All References
 * on a key here lists its code there).
 */
export const PRE_SEND_STEPS = {
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
	convertToInvoice: { guarded: true, onRecord: true },
} as const satisfies Readonly<Record<string, { guarded: boolean; onRecord: boolean }>>;

/** The output shapings an operation can name, and the items each makes; their code is POST_RECEIVE in descriptions/routing.ts. */
export const POST_RECEIVE_STEPS = {
	list: { output: 'one item per listed record' },
	record: { output: 'the created record' },
	updated: { output: 'the updated record' },
	fetched: { output: 'the record as Get answers it' },
	write: { output: 'the record a guarded create or Create or Update wrote, with its action' },
	action: { output: 'the result of a send, payment or mark, with the record\'s new state' },
	deleted: { output: 'the id of the deleted record' },
	fromEstimate: { output: 'the invoice made from an estimate, with its action and from_estimate' },
	eInvoice: { output: 'the invoice as an e-invoice file (binary) with its totals, or whether it is ready (Check Only)' },
} as const satisfies Readonly<Record<string, { output: string }>>;

const namesOf = <Table extends object>(table: Table) =>
	Object.fromEntries(Object.keys(table).map((name) => [name, name])) as { readonly [Name in keyof Table]: Name };

/**
 * The names as specs write them (`preSend: STEP.recordPayment`): the compiler checks them, and Go to Definition
 * on one lands on its entry above, whose references list its code.
 */
export const STEP = namesOf(PRE_SEND_STEPS);
export const SHAPE = namesOf(POST_RECEIVE_STEPS);

/** A preSend step's name: a key of PRE_SEND_STEPS. */
export type PreSendName = keyof typeof PRE_SEND_STEPS;

/** An output shaping's name: a key of POST_RECEIVE_STEPS. */
export type PostReceiveName = keyof typeof POST_RECEIVE_STEPS;
