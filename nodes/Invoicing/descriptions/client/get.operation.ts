import type { INodeProperties } from 'n8n-workflow';

import { clientLocator, showFor } from '../common';

export const getFields: INodeProperties[] = showFor('client', ['get'], [
	clientLocator('The client to get, with its invoices and estimates'),
]);
