import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { clientNameField } from './fields';

export const clientCreateFields: INodeProperties[] = showFor(['client'], ['create', 'upsert'], [{ ...clientNameField, required: true }]);
