import type { INodeProperties } from 'n8n-workflow';

import { createFromEstimateFields, type FromEstimateParams } from '../invoice/createFromEstimate.operation';
import { invoiceNumberField } from '../invoice/fields';
import { numberingFields } from '../numbering-fields';
import { SHAPE, STEP } from '../steps';
import type { OperationEntry } from '../types';

/**
 * The invoice's number. Not `invoiceNo`: a parameter is declared once and shown for a full product of resources
 * and operations, and `invoiceNo` belongs to the invoice resource's Create and Create or Update.
 */
const newInvoiceNumberField: INodeProperties = {
	...invoiceNumberField,
	name: 'newInvoiceNo',
	required: true,
	displayOptions: { hide: { numbering: ['next'] } },
};

/** Where Convert to Invoice gives what Create From Estimate reads: the estimate in the resource's own picker. */
export const CONVERT_TO_INVOICE_PARAMS: FromEstimateParams = { estimate: 'estimateId', invoiceNo: newInvoiceNumberField.name };

/** The estimate side of Create From Estimate (as sevDesk and easybill offer it on the order): the same step and output. */
export const convertToInvoiceOperation: OperationEntry = {
	value: 'convertToInvoice',
	name: 'Convert to Invoice',
	action: 'Convert estimate to invoice',
	messageLabel: 'Convert Estimate to Invoice',
	description:
		"Invoice this estimate (as Invoice > Create From Estimate): its client, line items, currency, tax rate and note; a re-run returns the invoice already made (outputs it with from_estimate)",
	method: 'POST',
	path: '/invoice/add',
	preSend: STEP.convertToInvoice,
	postReceive: SHAPE.fromEstimate,
	repeat: 'twice',
	form: 'none',
	properties: [...numberingFields('invoice', { resource: 'estimate', operation: 'convertToInvoice' }), newInvoiceNumberField, ...createFromEstimateFields.filter((field) => field.type !== 'resourceLocator')],
};
