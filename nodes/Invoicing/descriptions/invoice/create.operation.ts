import type { INodeProperties } from 'n8n-workflow';

import { documentCreateFields } from '../document-fields';
import { invoiceNumberField, paymentStatusField } from './fields';

export const createFields: INodeProperties[] = documentCreateFields('invoice', [invoiceNumberField, paymentStatusField], []);
