import type { INodeProperties } from 'n8n-workflow';

import { clientLocator, documentOptionalFields, lineItemFields, showFor, updateFieldsCollection } from './common';

type DocumentResource = 'invoice' | 'estimate';

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/** Create fields of an invoice or estimate: client, its own required fields, line items, Additional Fields. */
export function documentCreateFields(
	resource: DocumentResource,
	required: INodeProperties[],
	optional: INodeProperties[],
): INodeProperties[] {
	return showFor(resource, ['create'], [
		clientLocator(`The client the ${resource} is issued to`),
		...required.map((field) => ({ ...field, required: true })),
		...lineItemFields(false),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...optional, ...documentOptionalFields()].sort(byDisplayName),
		},
	]);
}

/** Update fields: every field optional (client included), line items kept unless replaced. */
export function documentUpdateFields(
	resource: DocumentResource,
	locator: INodeProperties,
	fields: INodeProperties[],
): INodeProperties[] {
	return showFor(resource, ['update'], [
		locator,
		...lineItemFields(true),
		updateFieldsCollection([{ ...clientLocator(`The client the ${resource} is issued to`), required: false }, ...fields, ...documentOptionalFields()]),
	]);
}

/** Send by e-mail: the record, the address, an optional phone. */
export function documentSendFields(resource: DocumentResource, locator: INodeProperties): INodeProperties[] {
	return showFor(resource, ['send'], [
		locator,
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			required: true,
			default: '',
			description: `Address to send the ${resource} to`,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [{ displayName: 'Phone', name: 'phone', type: 'string', default: '' }],
		},
	]);
}
