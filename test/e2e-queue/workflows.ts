import type { WorkflowFile, WorkflowNode } from '../../tools/scripts/n8n/workflows';

export const WEBHOOK = 'Webhook';

/** A production webhook node (POST, answered as soon as the execution is queued). */
export function webhookNode(id: string, path: string, position: [number, number] = [0, 0]): WorkflowNode & { webhookId: string } {
	return {
		id,
		name: WEBHOOK,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position,
		webhookId: id,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

/**
 * An example as a production workflow: `n8n execute` runs in regular mode even when queue mode is configured, so
 * the Manual Trigger is replaced by a webhook (same position in the graph) and the schedule trigger, if any, is left
 * out; every other node is the example's own. The webhook's path is the new workflow id.
 */
export function asWebhookWorkflow(workflow: WorkflowFile): WorkflowFile {
	const id = `${workflow.id}-q`.slice(0, 36);
	const manual = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!manual) throw new Error(`${workflow.id} has no Manual Trigger`);
	const dropped = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.scheduleTrigger').map((node) => node.name);
	const connections = Object.fromEntries(
		Object.entries(workflow.connections)
			.filter(([from]) => !dropped.includes(from))
			.map(([from, to]) => [from === manual.name ? WEBHOOK : from, to]),
	);
	const nodes = workflow.nodes
		.filter((node) => !dropped.includes(node.name))
		.map((node) => (node === manual ? webhookNode(manual.id, id, manual.position) : node));
	return { ...workflow, id, nodes, connections, active: false };
}

const node = (id: number, name: string, parameters: Record<string, unknown>): WorkflowNode => ({
	id: `00000000-0000-4000-9000-${String(id).padStart(12, '0')}`,
	name,
	type: 'n8n-nodes-invoicing.invoicing',
	typeVersion: 1,
	position: [220 * id, 0],
	parameters,
});

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export const LOAD_INVOICING_NODES = ['Create Invoice', 'Send Invoice', 'Record Payment'];

/** One invoice per call: webhook (body {n, client, email}) -> create invoice -> send it -> record its payment. */
export function loadWorkflow(path: string): WorkflowFile {
	return {
		id: 'invoicing-queue-load',
		name: 'Invoicing: one invoice per webhook call (queue load)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			webhookNode('00000000-0000-4000-9000-000000000000', path),
			node(1, 'Create Invoice', {
				resource: 'invoice',
				operation: 'create',
				client: byId('={{ $json.body.client }}'),
				invoiceNo: "={{ 'LOAD-' + $json.body.n }}",
				paymentStatus: 'Not Paid',
				itemsMode: 'define',
				items: { item: [{ description: 'Consulting', quantity: 2, rate: 150 }] },
				additionalFields: { currency: 'USD', taxRate: 10, issueDate: '={{ $today }}' },
			}),
			node(2, 'Send Invoice', { resource: 'invoice', operation: 'send', invoiceId: byId('={{ $json.id }}'), email: "={{ $('Webhook').item.json.body.email }}" }),
			node(3, 'Record Payment', {
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: byId("={{ $('Create Invoice').item.json.id }}"),
				paymentDate: '={{ $today }}',
				amountPaid: "={{ $('Create Invoice').item.json.total }}",
				paymentFields: { paymentMethod: 'Bank Transfer' },
			}),
		],
		connections: {
			[WEBHOOK]: { main: [[{ node: 'Create Invoice', type: 'main', index: 0 }]] },
			'Create Invoice': { main: [[{ node: 'Send Invoice', type: 'main', index: 0 }]] },
			'Send Invoice': { main: [[{ node: 'Record Payment', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * The load workflow with one row per call: body {n, rate, client, email}; invoice "CRASH-<n>" of 1 x rate (each
 * row its own number and amount), sent, then paid in full.
 */
export function crashWorkflow(path: string): WorkflowFile {
	const load = loadWorkflow(path);
	return {
		...load,
		id: 'invoicing-queue-crash',
		name: 'Invoicing: one row per webhook call (worker crash)',
		nodes: load.nodes.map((n) =>
			n.name === WEBHOOK
				? webhookNode('00000000-0000-4000-9100-000000000000', path)
				: n.name === 'Create Invoice'
				? {
						...n,
						parameters: {
							...n.parameters,
							invoiceNo: "={{ 'CRASH-' + $json.body.n }}",
							items: { item: [{ description: 'Consulting', quantity: 1, rate: '={{ $json.body.rate }}' }] },
						},
					}
				: n,
		),
	};
}

/**
 * The load workflow for twin deliveries: body {n, delivery, client, email}; invoice "TWIN-<n>". With `dedupe`, n8n's
 * Remove Duplicates node ("Remove Items Processed in Previous Executions", keyed on the delivery's id) stands
 * between the webhook and the chain.
 */
export function twinWorkflow(path: string, dedupe: boolean): WorkflowFile {
	const load = loadWorkflow(path);
	const id = dedupe ? 'invoicing-queue-twins-dedupe' : 'invoicing-queue-twins';
	const nodes = load.nodes.map((n) =>
		n.name === WEBHOOK
			? webhookNode(dedupe ? '00000000-0000-4000-9300-000000000000' : '00000000-0000-4000-9200-000000000000', path)
			: n.name === 'Create Invoice'
			? { ...n, parameters: { ...n.parameters, invoiceNo: "={{ 'TWIN-' + $('Webhook').item.json.body.n }}", client: byId("={{ $('Webhook').item.json.body.client }}") } }
			: n,
	);
	if (!dedupe) return { ...load, id, name: 'Invoicing: twin deliveries', nodes };
	const removeDuplicates: WorkflowNode = {
		id: '00000000-0000-4000-9300-000000000009',
		name: REMOVE_DUPLICATES,
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [110, 200],
		parameters: { operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: '={{ $json.body.delivery }}', options: {} },
	};
	return {
		...load,
		id,
		name: 'Invoicing: twin deliveries behind Remove Duplicates',
		nodes: [...nodes, removeDuplicates],
		connections: {
			...load.connections,
			[WEBHOOK]: { main: [[{ node: REMOVE_DUPLICATES, type: 'main', index: 0 }]] },
			[REMOVE_DUPLICATES]: { main: [[{ node: 'Create Invoice', type: 'main', index: 0 }]] },
		},
	};
}

export const REMOVE_DUPLICATES = 'Remove Duplicates';
