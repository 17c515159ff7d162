import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../common';
import { estimateLocator } from './fields';

export const getFields: INodeProperties[] = showFor('estimate', ['get'], [
	estimateLocator('The estimate to get, with its items and send log'),
]);
