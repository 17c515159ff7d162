import type { INodeProperties } from 'n8n-workflow';

import { clientLocator, showFor, updateFieldsCollection } from '../common';
import { clientOptionalFields } from './create.operation';

export const updateFields: INodeProperties[] = showFor('client', ['update'], [
	clientLocator('The client to update'),
	updateFieldsCollection([
		...clientOptionalFields,
		{ displayName: 'Name', name: 'names', type: 'string', default: '', description: 'Full name of the client' },
	]),
]);
