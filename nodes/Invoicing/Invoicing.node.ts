import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestMiddleware } from './engine/request-middleware';
import { invoicingProperties, invoicingResources } from './descriptions';
import { authenticationProperty } from './descriptions/credentials';
import { testSellerEntries } from './helpers/einvoice/seller-test';
import { listSearchMethods } from './descriptions/list-search';
import { RESOURCE_SPECS } from './resources/resources';
import { NEWEST_VERSION, NODE_VERSIONS } from './resources/versions';
import { sendNamingTransportErrors } from './helpers/request/routed-request';

export class Invoicing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Invoicing',
		name: 'invoicing',
		icon: { light: 'file:invoicing.svg', dark: 'file:invoicing.dark.svg' },
		group: ['transform'],
		// 2 for new nodes; a saved node keeps its version, and version 1's parameters and output stay as they were
		// (resources/versions.ts, docs/upgrading.md)
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		// "Record Payment: Invoice": the operation value as words, except the names that differ; a literal (n8n's
		// scanner wants one), test/unit/resource-specs checks it against every operation of the specs
		subtitle:
			'={{ ({"convertToInvoice":"Convert to Invoice","exportEInvoice":"Export E-Invoice","getAll":"Get Many","markNotPaid":"Mark as Not Paid","markPaid":"Mark as Paid","upsert":"Create or Update"}[$parameter["operation"]] || $parameter["operation"].charAt(0).toUpperCase() + $parameter["operation"].slice(1).replace(/([A-Z])/g, " $1")) + ": " + $parameter["resource"].charAt(0).toUpperCase() + $parameter["resource"].slice(1) }}',
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
		// literals, as n8n's linter reads them (credential-test-required): the service's credential authenticates every
		// request (the hidden `authentication` parameter picks it, descriptions/credentials.ts); the seller's only
		// feeds Export E-Invoice and is tested by the node (its entries, no request)
		credentials: [
			{ name: 'invoicingApi', required: true, displayOptions: { show: { authentication: ['invoicingApi'] } } },
			{
				name: 'invoicingSellerApi',
				required: true,
				testedBy: 'invoicingSellerApiTest',
				displayOptions: { show: { resource: ['invoice'], operation: ['exportEInvoice'] } },
			},
		],
		// no baseURL here: the credential's authenticate sets it (an expression here costs two evaluations per item)
		requestDefaults: {
			headers: { Accept: 'application/json' },
			// failures are turned into NodeApiErrors by handleApiErrors, which also sees 200s whose status is "error"
			ignoreHttpStatusErrors: true,
		},
		// every operation's request goes through this (engine/request-middleware): time-outs and dropped
		// connections then name the operation and the cause (helpers/request/routed-request)
		requestOperations: requestMiddleware(sendNamingTransportErrors),
		properties: [
			authenticationProperty,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: invoicingResources,
				default: 'invoice',
			},
			...invoicingProperties,
		],
	};

	methods = {
		listSearch: listSearchMethods(RESOURCE_SPECS),
		credentialTest: { invoicingSellerApiTest: testSellerEntries },
	};
}
