import type { INodeProperties } from 'n8n-workflow';

import { documentSendFields } from '../document-fields';
import { invoiceLocator } from './fields';

export const sendFields: INodeProperties[] = documentSendFields('invoice', invoiceLocator('The invoice to send'));
