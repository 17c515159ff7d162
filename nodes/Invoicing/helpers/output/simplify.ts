import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../../../shared/api-types';
import { amountsAsNumbers } from './record-shape';

/** The fields a user acts on, per record kind: what Simplify keeps (n8n's guideline for records over 10 fields). */
export const SIMPLE_FIELDS: Partial<Record<Resource, string[]>> = {
	invoice: [
		'id',
		'invoice_no',
		'customer_id',
		'customer_name',
		'payment_status',
		'currency',
		'issue_date',
		'due_date',
		'total',
		'amount_paid',
		'outstanding_balance',
	],
	estimate: ['id', 'estimate_no', 'reference_no', 'customer_id', 'customer_name', 'accepted', 'currency', 'issue_date', 'due_date', 'total'],
	expense: ['id', 'description', 'vendor', 'category', 'amount', 'currency', 'issued_date'],
};

/** The fields of SIMPLE_FIELDS, amounts as numbers (the full record keeps the service's text, e.g. "1214.40"). */
export function simplifyRecord(resource: Resource, record: IDataObject): IDataObject {
	const fields = SIMPLE_FIELDS[resource];
	if (!fields) return record;
	const simple: IDataObject = {};
	for (const field of fields) if (field in record) simple[field] = record[field];
	return amountsAsNumbers(resource, simple);
}
