import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { invoicingProperties } from './descriptions';
import { sendNamingTransportErrors } from './helpers/transport';
import { searchClients, searchEstimates, searchExpenses, searchInvoices } from './methods/listSearch';

const RESOURCES = [
	{ name: 'Client', value: 'client' },
	{ name: 'Estimate', value: 'estimate' },
	{ name: 'Expense', value: 'expense' },
	{ name: 'Invoice', value: 'invoice' },
];

export class Invoicing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Invoicing',
		name: 'invoicing',
		icon: { light: 'file:invoicing.svg', dark: 'file:invoicing.dark.svg' },
		group: ['transform'],
		version: 1,
		// display names for the canvas; test/unit checks that every operation is in the map
		subtitle:
			'={{ {"create":"Create","delete":"Delete","get":"Get","getAll":"Get Many","update":"Update","upsert":"Create or Update","markNotPaid":"Mark as Not Paid","markPaid":"Mark as Paid","recordPayment":"Record Payment","send":"Send"}[$parameter["operation"]] + ": " + {"client":"Client","estimate":"Estimate","expense":"Expense","invoice":"Invoice"}[$parameter["resource"]] }}',
		description: 'Manage clients, expenses, invoices and estimates in the Invoicing Service',
		defaults: { name: 'Invoicing' },
		// as "Invoicing Tool" under an AI agent, the editor shows this description (n8n 1.123+ and 2.x) and offers
		// it as the default of the tool's manual Description, which the model reads
		usableAsTool: {
			replacements: {
				description:
					'Work with the Invoicing Service: clients, invoices, estimates and expenses. Returns the records as JSON; their "id" is what the other Invoicing tools take.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'invoicingApi', required: true }],
		// no baseURL here: the credential's authenticate sets it (an expression here costs two evaluations per item)
		requestDefaults: {
			headers: { Accept: 'application/json' },
			// failures are turned into NodeApiErrors by handleApiErrors, which also sees 200s whose status is "error"
			ignoreHttpStatusErrors: true,
		},
		// every operation's request goes through this (routing `send.paginate`): time-outs and dropped
		// connections then name the operation and the cause (helpers/transport)
		requestOperations: { pagination: sendNamingTransportErrors },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES,
				default: 'invoice',
			},
			...invoicingProperties,
		],
	};

	methods = {
		listSearch: { searchClients, searchEstimates, searchExpenses, searchInvoices },
	};
}
