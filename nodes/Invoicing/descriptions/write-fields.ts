import type { INodeProperties } from 'n8n-workflow';

import { clientNameField, clientOptionalFields } from './client/fields';
import { sharedCollection } from './collections';
import { documentOptionalFields, showFor } from './common';
import { estimateOptionalFields, estimateUpdateFields } from './estimate/fields';
import { expenseInputFields, vendorField } from './expense/fields';
import { invoiceUpdateFields } from './invoice/fields';

function clearOption(name: string): INodeProperties {
	return {
		displayName: name.charAt(0).toUpperCase() + name.slice(1),
		name,
		type: 'boolean',
		default: true,
		description: `Whether to empty the ${name}`,
	};
}

/** Additional Fields of every Create: only what the user adds is sent. */
export const additionalFields: INodeProperties = sharedCollection(
	{ displayName: 'Additional Fields', name: 'additionalFields', placeholder: 'Add Field' },
	['create', 'upsert'],
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

/** Fields to Clear: optional text fields an update empties (an empty value under Update Fields is refused). */
export const clearFields: INodeProperties = sharedCollection(
	{
		displayName: 'Fields to Clear',
		name: 'clearFields',
		placeholder: 'Add Field to Clear',
		description: 'Optional fields to empty on the service (a field left empty under Update Fields is refused, not taken for a clear)',
	},
	['update'],
	{
		client: ['address', 'email', 'phone'].map(clearOption),
		expense: ['vendor'].map(clearOption),
		invoice: ['description', 'note'].map(clearOption),
		estimate: ['description', 'note'].map(clearOption),
	},
);

/** The duplicate guard of Create (client, invoice, estimate): what happens when the record's key exists. */
export const ifExistsField: INodeProperties[] = showFor(['client', 'invoice', 'estimate'], ['create'], [
	{
		displayName: 'If Already Exists',
		name: 'ifExists',
		type: 'options',
		options: [
			{
				name: 'Create Anyway',
				value: 'create',
				description: 'Always send the create; a re-run or retry makes a second record',
			},
			{
				name: 'Error',
				value: 'error',
				description: 'Fail the item when a record with this key exists',
			},
			{
				name: 'Return Existing If Identical',
				value: 'returnIdentical',
				description: 'Output the existing record when it holds what would be sent (a re-run or retry), fail the item when it differs',
			},
		],
		default: 'returnIdentical',
		description:
			"Invoices and estimates are matched on their number among the client's documents, clients on their email (else their name); looked up once per run",
	},
]);
