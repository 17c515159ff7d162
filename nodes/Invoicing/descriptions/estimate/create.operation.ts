import type { INodeProperties } from 'n8n-workflow';

import { documentCreateFields } from '../document-fields';
import { acceptedField, estimateNumberField } from './fields';

export const createFields: INodeProperties[] = documentCreateFields('estimate', [estimateNumberField], [acceptedField]);
