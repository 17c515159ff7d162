import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';
import { showFor } from './declare-once';

const DEFINE_MODE = { name: 'Define Below', value: 'define', description: 'Enter each line item in the node' };
const JSON_MODE = { name: 'Using JSON', value: 'json', description: 'An array of {description, quantity, rate}, e.g. from an expression' };

/**
 * Line items of invoices and estimates: rows defined in the node, or a JSON array from an expression, for
 * the `resources` that have them and their `creates` and `updates` operations. The two "Line Items" mode
 * parameters share a name (create needs items, update may keep them); being fixed options
 * (noDataExpression), they never cost an expression evaluation.
 */
export function lineItemProperties(resources: Resource[], creates: string[], updates: string[]): INodeProperties[] {
	return [
		...showFor(resources, creates, [
			{
				displayName: 'Line Items',
				name: 'itemsMode',
				type: 'options',
				noDataExpression: true,
				options: [DEFINE_MODE, JSON_MODE],
				default: 'define',
				description: 'How to give the line items',
			},
		]),
		...showFor(resources, updates, [
			{
				displayName: 'Line Items',
				name: 'itemsMode',
				type: 'options',
				noDataExpression: true,
				options: [DEFINE_MODE, { name: 'Keep Current Items', value: 'keep', description: 'Leave the line items as they are' }, JSON_MODE],
				default: 'keep',
				description: 'Whether to replace all line items, and how to give the new ones',
			},
		]),
		...showFor(resources, [...creates, ...updates], [
			{
				displayName: 'Items',
				name: 'items',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true, sortable: true },
				placeholder: 'Add Line Item',
				default: {},
				displayOptions: { show: { itemsMode: ['define'] } },
				options: [
					{
						displayName: 'Line Item',
						name: 'item',
						values: [
							{ displayName: 'Description', name: 'description', type: 'string', default: '', required: true },
							{ displayName: 'Quantity', name: 'quantity', type: 'number', default: 1 },
							{
								displayName: 'Rate',
								name: 'rate',
								type: 'number',
								default: 0,
								typeOptions: { numberPrecision: 2 },
								description: 'Unit price',
							},
						],
					},
				],
			},
			{
				displayName: 'Items (JSON)',
				name: 'itemsJson',
				type: 'json',
				default: '[\n  {\n    "description": "Consulting",\n    "quantity": 1,\n    "rate": 100\n  }\n]',
				displayOptions: { show: { itemsMode: ['json'] } },
				description:
					'Array of objects {description (text), quantity (number, 0 or more), rate (unit price, number, 0 or more)}, e.g. [{"description":"Consulting","quantity":2,"rate":150}]; an expression may give the array directly',
			},
		]),
	];
}
