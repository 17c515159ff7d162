import type { Resource } from '../../../shared/api-types';

export type FieldKind = 'text' | 'number' | 'date' | 'currency' | 'locator' | 'items';

/** One input of the API: its node parameter, its API name and how its value is read. */
export interface FieldSpec {
	param: string;
	api: string;
	label: string;
	kind: FieldKind;
}

const field = (param: string, api: string, label: string, kind: FieldKind = 'text'): FieldSpec => ({
	param,
	api,
	label,
	kind,
});

const DOCUMENT_OPTIONAL: FieldSpec[] = [
	field('description', 'description', 'Description'),
	field('currency', 'currency', 'Currency', 'currency'),
	field('taxRate', 'tax_rate', 'Tax Rate (%)', 'number'),
	field('issueDate', 'issue_date', 'Issue Date', 'date'),
	field('dueDate', 'due_date', 'Due Date', 'date'),
	field('note', 'note', 'Note'),
];

/** Optional text fields an update may empty ("Fields to Clear"): sent as an empty value. */
export const CLEARABLE: Record<Resource, FieldSpec[]> = {
	client: [field('address', 'address', 'Address'), field('email', 'email', 'Email'), field('phone', 'phone', 'Phone')],
	expense: [field('vendor', 'vendor', 'Vendor')],
	invoice: [field('description', 'description', 'Description'), field('note', 'note', 'Note')],
	estimate: [field('description', 'description', 'Description'), field('note', 'note', 'Note')],
};

export interface ResourceFields {
	/** Required on create: top-level parameters. */
	required: FieldSpec[];
	/** Optional on create (Additional Fields); on update every field is optional (Update Fields). */
	optional: FieldSpec[];
	/** Whether the record carries line items. */
	hasItems: boolean;
}

export const RESOURCE_FIELDS: Record<Resource, ResourceFields> = {
	client: {
		required: [field('names', 'names', 'Name')],
		optional: [field('email', 'email', 'Email'), field('phone', 'phone', 'Phone'), field('address', 'address', 'Address')],
		hasItems: false,
	},
	expense: {
		required: [
			field('description', 'description', 'Description'),
			field('issueDate', 'issue_date', 'Issue Date', 'date'),
			field('amount', 'amount', 'Amount', 'number'),
			field('currency', 'currency', 'Currency', 'currency'),
		],
		optional: [field('vendor', 'vendor', 'Vendor')],
		hasItems: false,
	},
	invoice: {
		required: [
			field('client', 'client', 'Client', 'locator'),
			field('invoiceNo', 'invoice_no', 'Invoice Number'),
			field('paymentStatus', 'payment_status', 'Payment Status'),
		],
		optional: DOCUMENT_OPTIONAL,
		hasItems: true,
	},
	estimate: {
		required: [field('client', 'client', 'Client', 'locator'), field('estimateNo', 'estimate_no', 'Estimate Number')],
		optional: [field('accepted', 'accepted', 'Accepted'), ...DOCUMENT_OPTIONAL],
		hasItems: true,
	},
};

/**
 * What the API needs on update but the user may leave out, and where the current record keeps it:
 * e.g. an invoice's `client` is the `customer_id` of GET /invoice/{id}.
 */
export const REQUIRED_ON_UPDATE: Record<Resource, { envelope: string; from: Record<string, string> }> = {
	client: { envelope: 'data', from: { names: 'names' } },
	expense: {
		envelope: 'expense',
		from: { description: 'description', issue_date: 'issued_date', amount: 'amount', currency: 'currency' },
	},
	invoice: {
		envelope: 'invoice',
		from: { client: 'customer_id', invoice_no: 'invoice_no', payment_status: 'payment_status' },
	},
	estimate: { envelope: 'estimate', from: { client: 'customer_id', estimate_no: 'reference_no' } },
};
