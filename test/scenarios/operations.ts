/**
 * Every operation the scenarios draw, and the node's resource and operation it runs (issue 34, item 9): the whole
 * write surface, so that `write-surface.test.ts` fails when the node gains a write the model does not draw.
 */
export const OPERATIONS = {
	clientCreate: ['client', 'create'],
	clientUpsert: ['client', 'upsert'],
	clientUpdate: ['client', 'update'],
	clientDelete: ['client', 'delete'],
	invoiceCreate: ['invoice', 'create'],
	invoiceUpsert: ['invoice', 'upsert'],
	invoiceUpdate: ['invoice', 'update'],
	invoiceDelete: ['invoice', 'delete'],
	invoiceFromEstimate: ['invoice', 'createFromEstimate'],
	recordPayment: ['invoice', 'recordPayment'],
	send: ['invoice', 'send'],
	markPaid: ['invoice', 'markPaid'],
	markNotPaid: ['invoice', 'markNotPaid'],
	estimateCreate: ['estimate', 'create'],
	estimateUpsert: ['estimate', 'upsert'],
	estimateUpdate: ['estimate', 'update'],
	estimateDelete: ['estimate', 'delete'],
	estimateSend: ['estimate', 'send'],
	estimateToInvoice: ['estimate', 'convertToInvoice'],
	expenseCreate: ['expense', 'create'],
	expenseUpdate: ['expense', 'update'],
	expenseDelete: ['expense', 'delete'],
	invoiceGetAll: ['invoice', 'getAll'],
} as const satisfies Record<string, readonly [string, string]>;

export type Operation = keyof typeof OPERATIONS;

export const ALL_OPERATIONS = Object.keys(OPERATIONS) as Operation[];

export const WRITES: readonly Operation[] = ALL_OPERATIONS.filter((operation) => operation !== 'invoiceGetAll');

/** Operations that take the Numbering option (Given Number, Next in Sequence). */
export const NUMBERED: readonly Operation[] = ['invoiceCreate', 'estimateCreate', 'invoiceFromEstimate', 'estimateToInvoice'];

/** Create From Estimate and its estimate side, Convert to Invoice: one implementation, held to the same invariants. */
export const FROM_ESTIMATE: readonly Operation[] = ['invoiceFromEstimate', 'estimateToInvoice'];

/** Operations acting on an invoice by id: they can follow a step that outputs invoices (a chain). */
export const ON_INVOICE: readonly Operation[] = ['send', 'recordPayment', 'markPaid', 'markNotPaid', 'invoiceUpdate', 'invoiceDelete'];

/** Steps that output invoices, which an ON_INVOICE step may then act on. */
export const MAKES_INVOICES: readonly Operation[] = ['invoiceCreate', 'invoiceUpsert', 'invoiceFromEstimate', 'estimateToInvoice', 'send', 'recordPayment', 'markPaid', 'markNotPaid', 'invoiceUpdate'];
