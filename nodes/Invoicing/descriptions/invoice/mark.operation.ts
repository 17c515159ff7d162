import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { invoiceLocator } from './fields';

export const markFields: INodeProperties[] = showFor('invoice', ['markPaid', 'markNotPaid'], [
	invoiceLocator('The invoice whose payment status to set'),
]);
