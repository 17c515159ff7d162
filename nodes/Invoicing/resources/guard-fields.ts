import type { INodeProperties } from 'n8n-workflow';

/** Default of the settle option: how many request time-outs a retry keeps looking after an unanswered write. */
export const DEFAULT_SETTLE_TIMEOUTS = 5;

/** After an unanswered write, how long a retry looks for it before sending again (an option of every guarded write). */
export const settleOption: INodeProperties = {
	displayName: 'Check Before Retrying',
	name: 'settleTimeouts',
	type: 'number',
	default: DEFAULT_SETTLE_TIMEOUTS,
	typeOptions: { minValue: 0, numberPrecision: 1 },
	description:
		'When a write gets no answer (timeout, dropped connection, server error), the service may have done it anyway. Before Retry On Fail sends it again, the node checks whether it was done, for up to this many times as long as the failed attempt took (at least 1 s, at most this many request timeouts), so it is never done twice. 0: retry at once without checking.',
};

/** Create or Update of an invoice that exists: whether Payment Status applies to it. */
export const existingPaymentStatusField: INodeProperties = {
	displayName: 'Payment Status of an Existing Invoice',
	name: 'existingPaymentStatus',
	type: 'options',
	options: [
		{
			name: 'Keep Current',
			value: 'keep',
			description: 'Payment Status applies to new invoices only',
		},
		{
			name: 'Mark Paid Only',
			value: 'paidOnly',
			description: 'Paid marks the invoice Paid; Not Paid keeps its current status (a re-run never undoes a recorded payment)',
		},
		{
			name: 'Set as Above',
			value: 'set',
			description: 'Payment Status as given, also Not Paid over Paid',
		},
	],
	default: 'paidOnly',
	description: 'What Payment Status does to an invoice that already exists',
};

/** Where an invoice or estimate number must be unique (the guard's key; DESIGN: one book, one number). */
export const numberScopeOption: INodeProperties = {
	displayName: 'Numbers Unique Within',
	name: 'numberScope',
	type: 'options',
	options: [
		{
			name: 'Each Client',
			value: 'eachClient',
			description: "For books that repeat numbers across clients on purpose: only the same client's documents are checked",
		},
		{
			name: 'Whole Book',
			value: 'book',
			description: "A number already used by another client's document is refused before anything is written (one read of the list per run)",
		},
	],
	default: 'book',
	description: 'Where an invoice or estimate number must be unique: in the whole book (the default), or only among the same client\'s documents',
	displayOptions: { show: { '/resource': ['invoice', 'estimate'] } },
};

/** Options of the guarded Create and Create or Update (client, invoice, estimate). */
export const guardOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'guardOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [settleOption, numberScopeOption],
};

/** The duplicate guard of a guarded Create: what happens when the record's key exists. */
export const ifExistsField: INodeProperties = {
	displayName: 'If Already Exists',
	name: 'ifExists',
	type: 'options',
	options: [
		{
			name: 'Create Anyway',
			value: 'create',
			description: 'Always send the create; a re-run or retry makes a second record',
		},
		{
			name: 'Error',
			value: 'error',
			description: 'Fail the item when a record with this key exists',
		},
		{
			name: 'Return Existing If Identical',
			value: 'returnIdentical',
			description: 'Output the existing record when it holds what would be sent (a re-run or retry), fail the item when it differs',
		},
	],
	default: 'returnIdentical',
	description: 'Invoices and estimates are matched on their number (in the whole book unless Options say each client), clients on their email (else their name); looked up once per run',
};
