import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { invoiceLocator } from './fields';

export const deleteFields: INodeProperties[] = showFor('invoice', ['delete'], [invoiceLocator('The invoice to delete')]);
