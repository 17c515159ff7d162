import type { INodeProperties } from 'n8n-workflow';

import { documentSendFields } from '../document-fields';
import { estimateLocator } from './fields';

export const sendFields: INodeProperties[] = documentSendFields('estimate', estimateLocator('The estimate to send'));
