import type { INodeProperties } from 'n8n-workflow';

import { documentUpdateFields } from '../document-fields';
import { acceptedField, estimateLocator, estimateNumberField } from './fields';

export const updateFields: INodeProperties[] = documentUpdateFields('estimate', estimateLocator('The estimate to update'), [
	acceptedField,
	estimateNumberField,
]);
