import type { INodeProperties } from 'n8n-workflow';

import { dateField } from '../common-fields';
import { settleOption } from '../guard-fields';
import { inVersions, type NodeVersion } from '../versions';

/**
 * The parameters Record Payment reads, by node version. Version 2's have names of their own: n8n reads every
 * declaration's value for every item (docs/design.md, "n8n's engine"), so a name declared for both versions would
 * cost a mapped date or amount twice as much in every saved version 1 workflow.
 */
export const PAYMENT_PARAMS: Record<NodeVersion, { date: string; amount: string }> = {
	1: { date: 'paymentDate', amount: 'amountPaid' },
	2: { date: 'paymentDay', amount: 'amountReceived' },
};

const AMOUNT_PAID: INodeProperties = {
	displayName: 'Amount Paid',
	name: 'amountPaid',
	type: 'number',
	required: true,
	default: 0,
	description: "How much was paid, in the invoice's currency: more than 0 (a 0 on an invoice already Paid is skipped), and by default no more than the invoice's outstanding balance",
	// no minValue: the editor would flip or clamp -50; the node refuses it with its own message
	typeOptions: { numberPrecision: 2 },
};

/** Record Payment: the payment, and the guards against recording it twice. */
export const recordPaymentFields: INodeProperties[] = [
	inVersions([1], { ...dateField({ displayName: 'Payment Date', name: 'paymentDate', description: 'The day the money was paid' }), required: true }),
	inVersions([2], {
		...dateField({ displayName: 'Payment Date', name: 'paymentDay', description: 'The day the money was paid; today (workflow time zone) unless you set another day' }),
		required: true,
		default: '={{ $today }}',
	}),
	inVersions([2], {
		displayName: 'Amount',
		name: 'paymentAmount',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Amount Paid', value: 'given', description: 'The amount you enter' },
			{
				name: 'Outstanding Balance',
				value: 'balance',
				description: "The invoice's outstanding balance as the node reads it before recording (refused when it is 0 on an invoice not Paid)",
			},
		],
		default: 'balance',
		description: 'What the payment is: what the invoice still owes, or an amount you enter',
	}),
	inVersions([1], AMOUNT_PAID),
	// shown by the Amount choice: a `hide` on version 1's field would hide it in version 1 too (n8n fills in every
	// default, of fields not shown too, before it decides what shows)
	inVersions([2], { ...AMOUNT_PAID, name: 'amountReceived', displayOptions: { show: { paymentAmount: ['given'] } } }),
	{
		displayName: 'Additional Fields',
		name: 'paymentFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Payment Method',
				name: 'paymentMethod',
				type: 'options',
				options: [
					{ name: 'Bank Transfer', value: 'Bank Transfer' },
					{ name: 'Cash', value: 'Cash' },
					{ name: 'Cheque', value: 'Cheque' },
					{ name: 'Credit Card', value: 'Credit Card' },
					{ name: 'Others', value: 'Others' },
				],
				default: 'Bank Transfer',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'paymentOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Guards against recording a payment twice when n8n retries or a workflow runs again',
		options: [
			settleOption,
			{
				displayName: 'If Already Paid',
				name: 'ifPaid',
				type: 'options',
				options: [
					{ name: 'Error', value: 'error', description: 'Fail the item' },
					{ name: 'Record Anyway', value: 'record', description: 'Send the payment all the same' },
					{ name: 'Skip', value: 'skip', description: 'Record nothing and output skipped: true' },
				],
				default: 'skip',
				description: 'What to do when the invoice is already Paid, e.g. when the workflow runs again after the payment was recorded',
			},
			{
				displayName: 'Refuse Overpayment',
				name: 'refuseOverpayment',
				type: 'boolean',
				default: true,
				description: 'Whether to refuse an amount larger than the outstanding balance before sending it',
			},
			{
				displayName: 'Repeat Window (Minutes)',
				name: 'repeatWindowMinutes',
				type: 'number',
				default: 60,
				typeOptions: { minValue: 0 },
				description:
					'A payment of the same amount and method recorded on the invoice within this many minutes is taken for this one, sent before (e.g. by a retry after a time-out), and not recorded again. 0 turns this off.',
			},
		],
	},
];
