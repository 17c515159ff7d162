import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { SPEC_OF } from '../Invoicing/resources/resources';
import { searchMethod } from '../shared/list-search';
import { triggerProperties } from './description';
import { pollInvoicing } from './poll';

export class InvoicingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Invoicing Trigger',
		name: 'invoicingTrigger',
		icon: { light: 'file:../Invoicing/invoicing.svg', dark: 'file:../Invoicing/invoicing.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		// n8n's nodes panel shows one "Invoicing" entry for the node and its trigger, with the trigger's description
		// (editor-ui generateMergedNodesAndActions): it describes both
		description:
			'Manage clients, expenses, invoices and estimates in the Invoicing Service, and start workflows when they are created, paid, overdue or accepted',
		defaults: { name: 'Invoicing Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'invoicingApi', required: true }],
		properties: triggerProperties,
	};

	methods = {
		// the Client filter's locator
		listSearch: { [SPEC_OF.client.record.searchMethod]: searchMethod(SPEC_OF.client) },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollInvoicing(this);
	}
}
