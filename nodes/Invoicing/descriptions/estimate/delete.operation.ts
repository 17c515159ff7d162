import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { estimateLocator } from './fields';

export const deleteFields: INodeProperties[] = showFor('estimate', ['delete'], [estimateLocator('The estimate to delete')]);
