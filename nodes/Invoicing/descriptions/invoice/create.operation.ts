import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { invoiceNumberField, paymentStatusField } from './fields';

export const invoiceCreateFields: INodeProperties[] = showFor(['invoice'], ['create', 'upsert'], [
	{ ...invoiceNumberField, required: true },
	{ ...paymentStatusField, required: true },
]);
