import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { estimateNumberField } from './fields';

export const estimateCreateFields: INodeProperties[] = showFor(['estimate'], ['create', 'upsert'], [{ ...estimateNumberField, required: true }]);
