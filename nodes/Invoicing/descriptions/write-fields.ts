import type { INodeProperties } from 'n8n-workflow';

import { clientNameField, clientOptionalFields } from './client/fields';
import { sharedCollection } from './collections';
import { documentOptionalFields } from './common';
import { estimateOptionalFields, estimateUpdateFields } from './estimate/fields';
import { expenseInputFields, vendorField } from './expense/fields';
import { invoiceUpdateFields } from './invoice/fields';

/** Additional Fields of every Create: only what the user adds is sent. */
export const additionalFields: INodeProperties = sharedCollection(
	{ displayName: 'Additional Fields', name: 'additionalFields', placeholder: 'Add Field' },
	['create'],
	{ client: clientOptionalFields, expense: [vendorField], invoice: documentOptionalFields(), estimate: estimateOptionalFields },
);

/** Update Fields of every Update: only the fields set here change. */
export const updateFields: INodeProperties = sharedCollection(
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		placeholder: 'Add Field',
		description: 'Only the fields set here change; the others keep their values',
	},
	['update'],
	{
		client: [clientNameField, ...clientOptionalFields],
		expense: [...expenseInputFields, vendorField],
		invoice: invoiceUpdateFields,
		estimate: estimateUpdateFields,
	},
);
