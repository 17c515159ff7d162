import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { invoiceLocator } from './fields';

export const getFields: INodeProperties[] = showFor('invoice', ['get'], [
	invoiceLocator('The invoice to get, with its items, payments and send log'),
]);
