import type { INodeProperties } from 'n8n-workflow';

import { clientOperations } from './client/Client.resource';
import { clientCreateFields } from './client/create.operation';
import { estimateCreateFields } from './estimate/create.operation';
import { estimateOperations } from './estimate/Estimate.resource';
import { expenseCreateFields } from './expense/create.operation';
import { expenseOperations } from './expense/Expense.resource';
import { getManyFields } from './get-many';
import { existingPaymentStatusField, guardOptionsField } from './guard-fields';
import { invoiceCreateFields } from './invoice/create.operation';
import { invoiceOperations } from './invoice/Invoice.resource';
import { recordPaymentFields } from './invoice/recordPayment.operation';
import { lineItemFields } from './line-items';
import { recordFields } from './records';
import { sendFields } from './send';
import { additionalFields, clearFields, ifExistsField, updateFields } from './write-fields';

/**
 * Every parameter of the node after Resource, each name declared once (n8n evaluates every declared
 * property for every item), in the order the editor shows them.
 */
export const invoicingProperties: INodeProperties[] = [
	clientOperations,
	estimateOperations,
	expenseOperations,
	invoiceOperations,
	...recordFields,
	...clientCreateFields,
	...expenseCreateFields,
	...invoiceCreateFields,
	...existingPaymentStatusField,
	...estimateCreateFields,
	...sendFields,
	...recordPaymentFields,
	...lineItemFields,
	additionalFields,
	...ifExistsField,
	...guardOptionsField,
	updateFields,
	clearFields,
	...getManyFields,
];

