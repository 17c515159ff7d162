import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';
import { inVersions, type NodeVersion } from './versions';

/** Digits of a sequence number when Number Digits is not set: `INV-` and 4 give `INV-0042`. */
export const DEFAULT_NUMBER_DIGITS = 4;

/**
 * Number Prefix's parameter by node version: version 2's has a name of its own, so that a prefix mapped in a saved
 * version 1 workflow is not evaluated once more per declaration of version 2 (docs/design.md, "n8n's engine").
 */
export const PREFIX_PARAM: Record<NodeVersion, string> = { 1: 'numberPrefix', 2: 'sequencePrefix' };

/** The documents a sequence numbers, and the prefix version 2 starts their sequence with. */
export type NumberedDocument = 'invoice' | 'estimate';
export const DEFAULT_PREFIX: Record<NumberedDocument, string> = { invoice: 'INV-', estimate: 'EST-' };

const PREFIX_V1: INodeProperties = {
	displayName: 'Number Prefix',
	name: 'numberPrefix',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV- (invoices), EST- (estimates)',
	description: 'The text before the digits, e.g. INV- for invoices, EST- for estimates; numbers with another prefix are not part of the sequence',
	displayOptions: { show: { numbering: ['next'] } },
};

/** Where version 2's Number Prefix shows: the resource, and the one operation when the resource numbers another document there. */
type ShownOn = { resource: Resource; operation?: string };

/**
 * Number Prefix: empty in version 1, the document's prefix (INV-, EST-) and required in version 2. Version 2's is
 * declared per document and where it shows (its own display condition keeps the declarations apart:
 * descriptions/declare-once.ts).
 */
function numberPrefixFields(numbers: NumberedDocument, on: ShownOn): INodeProperties[] {
	const prefix = DEFAULT_PREFIX[numbers];
	return [
		inVersions([1], PREFIX_V1),
		inVersions([2], {
			displayName: 'Number Prefix',
			name: PREFIX_PARAM[2],
			type: 'string',
			required: true,
			default: prefix,
			placeholder: `e.g. ${prefix}`,
			description: `The text before the digits, e.g. ${prefix}; numbers with another prefix are not part of the sequence`,
			displayOptions: { show: { numbering: ['next'], resource: [on.resource], ...(on.operation ? { operation: [on.operation] } : {}) } },
		}),
	];
}

/**
 * Numbering of Create Invoice, Create Estimate and Create From Estimate: the number as given (Invoice Number,
 * Estimate Number), or the next of a sequence the node reads from the list once per run, with the Re-Run Key a
 * re-run finds its document by (guards/keys/rerun-key). `numbers`: the document the number is for (Convert to Invoice,
 * an estimate operation, numbers an invoice); `on`: where they show, when not on the document's own resource.
 */
export const numberingFields = (numbers: NumberedDocument, on: ShownOn = { resource: numbers }): INodeProperties[] => [
	{
		displayName: 'Numbering',
		name: 'numbering',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Given Number', value: 'given', description: 'The number you enter (re-runs are matched on it)' },
			{
				name: 'Next in Sequence',
				value: 'next',
				description:
					'The highest number with the prefix and digits below, plus one, in item order; re-runs are matched on the Re-Run Key, else the client, issue date, line items and amounts',
			},
		],
		default: 'given',
		description: 'Whether the number is the one you enter, or the next of a sequence the node finds in the service',
	},
	...numberPrefixFields(numbers, on),
	{
		displayName: 'Number Digits',
		name: 'numberDigits',
		type: 'number',
		default: DEFAULT_NUMBER_DIGITS,
		typeOptions: { minValue: 1, maxValue: 12, numberPrecision: 0 },
		description: 'Digits after the prefix, zero-padded: 4 gives INV-0042 (after INV-9999 comes INV-10000)',
		displayOptions: { show: { numbering: ['next'] } },
	},
	{
		displayName: 'Re-Run Key',
		name: 'rerunKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.order_id }}',
		description:
			"E.g. the order's ID from your shop or CRM; the node writes it into the document and a re-run finds the document by it; left empty, a re-run is recognised by the row's content (client, date, lines, amounts): two equal orders then make one document.",
		hint: 'Written as a last line "Ref: &lt;key&gt;" after the text of the field chosen below; your own text stays as it is',
		displayOptions: { show: { numbering: ['next'] } },
	},
	{
		displayName: 'Write Re-Run Key In',
		name: 'rerunKeyField',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Description', value: 'description', description: 'The description: "Ref: &lt;key&gt;" as its last line' },
			{ name: 'Note', value: 'note', description: 'The footer note: "Ref: &lt;key&gt;" as its last line' },
		],
		default: 'note',
		description: 'Which field of the document carries the Re-Run Key, where the customer sees it as the order reference',
		displayOptions: { show: { numbering: ['next'] } },
	},
];
