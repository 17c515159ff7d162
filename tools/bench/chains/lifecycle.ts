import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowNode } from '../../scripts/n8n/workflows';
import type { CredentialRef } from '../workflow/credentials';
import { httpRequest } from '../workflow/http-contender';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * The life-cycle chain of test/engine/lifecycle-requests.test.ts as a user builds it in n8n: Create Client ->
 * Create Invoice -> Send -> 2 x Record Payment -> Get -> Update -> Get Many (the client's invoices) -> Get Client,
 * one item. The node's nine steps with their default guards; the HTTP chain's nine requests.
 */
export const LIFECYCLE_STEPS = ['Create Client', 'Create Invoice', 'Send', 'Record Payment 1', 'Record Payment 2', 'Get', 'Update', 'Get Many', 'Get Client'] as const;

const PAYMENT_DATE = '2026-03-05';
/** Two payments of the invoice's 100.00 (2 x 50, no tax): the second pays it in full. */
const PAYMENTS = [40, 60];

/** The chain's input: a client and an invoice number new in every execution and for every contender. */
export function lifecycleInput(name: string, tag: string): WorkflowNode {
	return codeNode(
		name,
		[
			`const run = ${JSON.stringify(tag)} + '-' + $execution.id;`,
			"return [{ json: { names: 'Acme ' + run, email: 'billing-' + run.replace(/[^A-Za-z0-9-]/g, '') + '@acme.example', invoice_no: 'LC-' + run } }];",
		].join('\n'),
	);
}

const ref = (name: string, path: string) => `$('${name}').item.json.${path}`;

function invoicing(name: string, credential: CredentialRef, parameters: Record<string, unknown>): WorkflowNode {
	return workflowNode(name, `${PACKAGE_NAME}.invoicing`, 1, parameters, { invoicingApi: credential });
}

/** This node's nine steps; `input` is the input node's name. */
export function lifecycleNodes(tag: string, input: string, credential: CredentialRef): WorkflowNode[] {
	const step = (index: number) => `${tag} ${LIFECYCLE_STEPS[index]}`;
	const clientId = `={{ ${ref(step(0), 'id')} }}`;
	const invoiceId = `={{ ${ref(step(1), 'id')} }}`;
	const pay = (index: number, amount: number) =>
		invoicing(step(index), credential, { resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoiceId), paymentDate: PAYMENT_DATE, amountPaid: amount });
	return [
		invoicing(step(0), credential, { resource: 'client', operation: 'create', names: '={{ $json.names }}', additionalFields: { email: '={{ $json.email }}' } }),
		invoicing(step(1), credential, {
			resource: 'invoice',
			operation: 'create',
			client: byId('={{ $json.id }}'),
			invoiceNo: `={{ ${ref(input, 'invoice_no')} }}`,
			paymentStatus: 'Not Paid',
			itemsMode: 'define',
			items: { item: [{ description: 'Work', quantity: 2, rate: 50 }] },
		}),
		invoicing(step(2), credential, { resource: 'invoice', operation: 'send', invoiceId: byId(invoiceId), email: '' }),
		pay(3, PAYMENTS[0]),
		pay(4, PAYMENTS[1]),
		invoicing(step(5), credential, { resource: 'invoice', operation: 'get', invoiceId: byId(invoiceId) }),
		invoicing(step(6), credential, { resource: 'invoice', operation: 'update', invoiceId: byId(invoiceId), itemsMode: 'keep', updateFields: { note: 'Thanks' } }),
		invoicing(step(7), credential, { resource: 'invoice', operation: 'getAll', returnAll: true, filters: { client: byId(clientId) } }),
		invoicing(step(8), credential, { resource: 'client', operation: 'get', clientId: byId(clientId) }),
	];
}

/**
 * The HTTP Request chain a user builds for the same steps: one request each, the ids taken from earlier answers.
 * The client's invoices come from `GET /client/{id}` (the cheapest way the API gives them) and a Split Out.
 */
export function lifecycleHttpNodes(tag: string, input: string, baseUrl: string): WorkflowNode[] {
	const step = (index: number) => `${tag} ${LIFECYCLE_STEPS[index]}`;
	const clientId = `{{ ${ref(step(0), 'data[0].id')} }}`;
	const invoiceId = `{{ ${ref(step(1), 'invoice[0].id')} }}`;
	const pay = (index: number, amount: number) =>
		httpRequest(step(index), 'POST', `${baseUrl}/invoice/record-payment`, [
			{ name: 'id', value: `=${invoiceId}` },
			{ name: 'payment_date', value: PAYMENT_DATE },
			{ name: 'amount_paid', value: String(amount) },
		]);
	return [
		httpRequest(step(0), 'POST', `${baseUrl}/client/add`, undefined, [
			{ name: 'names', value: '={{ $json.names }}' },
			{ name: 'email', value: '={{ $json.email }}' },
		]),
		httpRequest(step(1), 'POST', `${baseUrl}/invoice/add`, [
			{ name: 'client', value: `=${clientId}` },
			{ name: 'invoice_no', value: `={{ ${ref(input, 'invoice_no')} }}` },
			{ name: 'payment_status', value: 'Not Paid' },
			{ name: 'items[0][description]', value: 'Work' },
			{ name: 'items[0][quantity]', value: '2' },
			{ name: 'items[0][rate]', value: '50' },
		]),
		httpRequest(step(2), 'POST', `${baseUrl}/invoice/send`, [
			{ name: 'id', value: `=${invoiceId}` },
			{ name: 'email', value: `={{ ${ref(input, 'email')} }}` },
		]),
		pay(3, PAYMENTS[0]),
		pay(4, PAYMENTS[1]),
		httpRequest(step(5), 'GET', `=${baseUrl}/invoice/${invoiceId}`),
		httpRequest(step(6), 'PUT', `=${baseUrl}/invoice/${invoiceId}`, [
			{ name: 'client', value: `=${clientId}` },
			{ name: 'invoice_no', value: `={{ ${ref(input, 'invoice_no')} }}` },
			{ name: 'payment_status', value: '={{ $json.invoice[0].payment_status }}' },
			{ name: 'note', value: 'Thanks' },
		]),
		httpRequest(step(7), 'GET', `=${baseUrl}/client/${clientId}`),
		workflowNode(`${step(7)} Split Out`, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'invoices', include: 'noOtherFields', options: {} }),
		httpRequest(step(8), 'GET', `=${baseUrl}/client/${clientId}`),
	];
}
