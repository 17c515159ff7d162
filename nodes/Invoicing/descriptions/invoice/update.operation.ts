import type { INodeProperties } from 'n8n-workflow';

import { documentUpdateFields } from '../document-fields';
import { invoiceLocator, invoiceNumberField, paymentStatusField } from './fields';

export const updateFields: INodeProperties[] = documentUpdateFields('invoice', invoiceLocator('The invoice to update'), [
	invoiceNumberField,
	paymentStatusField,
]);
