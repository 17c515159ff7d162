import type { INodeProperties } from 'n8n-workflow';

import { currencyField, dateField, DOCUMENT_TELL_APART, issueDateField, recordLocator } from '../common-fields';
import { numberingFields } from '../numbering-fields';
import { inVersions, type NodeVersion } from '../versions';
import { SHAPE, STEP } from '../steps';
import type { OperationEntry } from '../types';

/**
 * Days from the issue date to the due date when Due Date is not set, by node version: 30 in version 1, 0 in
 * version 2 (due on the issue date, as Create's invoice is).
 */
export const PAYMENT_TERMS_DAYS: Record<NodeVersion, number> = { 1: 30, 2: 0 };
/** Its parameter: version 2's has a name of its own (a mapped value would be evaluated once per declaration of the name). */
export const TERMS_PARAM: Record<NodeVersion, string> = { 1: 'paymentTermsDays', 2: 'termsDays' };
const TERMS = 'The due date is the issue date plus this many days (0: due on the issue date), unless Due Date is set under Invoice Fields';
const TERMS_TYPE = { minValue: 0, numberPrecision: 0 };

/** Create From Estimate: the estimate, the terms, whether to mark it accepted, and what to set differently. */
/** The parameters that give the estimate and the invoice number: Create From Estimate's, or an estimate operation's own. */
export interface FromEstimateParams {
	estimate: string;
	invoiceNo: string;
}

export const createFromEstimateFields: INodeProperties[] = [
	recordLocator({
		name: 'fromEstimate',
		displayName: 'Estimate',
		searchMethod: 'searchEstimates',
		description:
			'The estimate to invoice: pick it from the list, give its ID ("id" in the output of Get or Get Many Estimates), or its number (mode Number)',
		key: { mode: 'number', fields: ['reference_no', 'estimate_no'], noun: 'number', placeholder: 'e.g. EST-2001', caseless: false, tellApart: DOCUMENT_TELL_APART },
	}),
	// defaults as literals, as n8n's linter reads them: PAYMENT_TERMS_DAYS
	inVersions([1], { displayName: 'Payment Terms (Days)', name: 'paymentTermsDays', type: 'number', default: 30, typeOptions: TERMS_TYPE, description: TERMS }),
	inVersions([2], { displayName: 'Payment Terms (Days)', name: 'termsDays', type: 'number', default: 0, typeOptions: TERMS_TYPE, description: TERMS }),
	{
		displayName: 'Mark Estimate Accepted',
		name: 'markEstimateAccepted',
		type: 'boolean',
		default: false,
		description: 'Whether to set the estimate\'s "accepted" to True after the invoice is made (one PUT, only when it is not accepted yet)',
	},
	{
		displayName: 'If Estimate Already Invoiced',
		name: 'ifEstimateInvoiced',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Create Another', value: 'createAnother', description: 'Make one more invoice from the estimate on every run' },
			{
				name: 'Return Existing',
				value: 'returnExisting',
				description: 'Output the invoice whose description names the estimate, whatever dates this run gives (action "existing")',
			},
		],
		default: 'returnExisting',
		description: 'With Next in Sequence: what a run does for an estimate that has its invoice already (a given number is its own key)',
		displayOptions: { show: { numbering: ['next'] } },
	},
	{
		displayName: 'Invoice Fields',
		name: 'invoiceOverrides',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: "What the invoice gets instead of the estimate's value (currency, tax rate, note), or besides it",
		options: [
			currencyField,
			{ displayName: 'Description', name: 'description', type: 'string', default: '' },
			{ ...issueDateField, description: 'Today (workflow time zone) when not set' },
			dateField({
				displayName: 'Due Date',
				name: 'dueDate',
				hint: 'Only the day is sent (YYYY-MM-DD, in the workflow time zone); not before the issue date; not set: the issue date plus Payment Terms (Days)',
			}),
			{ displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Footer note' },
			{
				displayName: 'Tax Rate (%)',
				name: 'taxRate',
				type: 'number',
				default: 0,
				typeOptions: { numberPrecision: 2 },
				description: 'Percent applied to the sub-total, e.g. 7.5',
			},
		],
	},
];

export const createFromEstimateOperation: OperationEntry = {
	value: 'createFromEstimate',
	name: 'Create From Estimate',
	action: 'Create invoice from estimate',
	messageLabel: 'Create Invoice From Estimate',
	description:
		"Invoice an estimate: its client, line items, currency, tax rate and note, with the number you give; a re-run returns the invoice already made (outputs it with from_estimate)",
	method: 'POST',
	path: '/invoice/add',
	preSend: STEP.fromEstimate,
	postReceive: SHAPE.fromEstimate,
	repeat: 'twice',
	form: 'none',
	requires: ['invoiceNo'],
	// the editor asks for the estimate first, then the numbering and the terms (descriptions/index.ts orders them)
	properties: [...numberingFields('invoice'), ...createFromEstimateFields],
};
