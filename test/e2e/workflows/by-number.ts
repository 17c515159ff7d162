import type { WorkflowFile, WorkflowNode } from '../../../tools/scripts/n8n/workflows';

/**
 * A saved workflow giving records by their number and e-mail (issue 21): Get Invoice By Number and the same
 * invoice By ID (same output), Get Client By E-mail (spaces and case as a sheet may have them), Create Invoice for
 * a client By E-mail, Get Estimate By Number. Runs on the demo data.
 */
const node = (index: number, name: string, parameters: Record<string, unknown>): WorkflowNode => ({
	id: `by-number-${index}`,
	name,
	type: index === 0 ? 'n8n-nodes-base.manualTrigger' : 'n8n-nodes-invoicing.invoicing',
	typeVersion: 1,
	position: [index * 220, 0],
	parameters,
});

const locator = (mode: string, value: string) => ({ __rl: true, mode, value });

const nodes = [
	node(0, 'Start Manually', {}),
	node(1, 'Get Invoice By Number', { resource: 'invoice', operation: 'get', invoiceId: locator('number', 'INV-1002') }),
	node(2, 'Get Invoice By ID', { resource: 'invoice', operation: 'get', invoiceId: locator('id', '={{ $json.id }}') }),
	node(3, 'Get Client By E-mail', { resource: 'client', operation: 'get', clientId: locator('email', ' AP@Globex.example ') }),
	node(4, 'Create Invoice By E-mail', {
		resource: 'invoice',
		operation: 'create',
		client: locator('email', 'ap@globex.example'),
		invoiceNo: 'INV-E2E-EMAIL',
		paymentStatus: 'Not Paid',
		itemsMode: 'define',
		items: { item: [{ description: 'Consulting day', quantity: 1, rate: 650 }] },
		additionalFields: { currency: 'GBP' },
	}),
	node(5, 'Get Estimate By Number', { resource: 'estimate', operation: 'get', estimateId: locator('number', 'EST-2002') }),
];

export const BY_NUMBER_WORKFLOW: WorkflowFile = {
	id: 'e2e-by-number',
	name: 'Records by number and e-mail',
	nodes,
	connections: Object.fromEntries(nodes.slice(0, -1).map((n, index) => [n.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }])),
	settings: { executionOrder: 'v1' },
};
