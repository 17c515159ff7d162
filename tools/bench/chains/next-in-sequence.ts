import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowNode } from '../../scripts/n8n/workflows';
import { PAYMENT_STATUS } from '../scenarios';
import type { CredentialRef } from '../workflow/credentials';
import { httpRequest, unwrap } from '../workflow/http-contender';
import { byId, codeNode, workflowNode } from '../workflow/nodes';

/**
 * Next in Sequence over a book of 20,000 invoices (`SEED-1` ... `SEED-20000`, 10 per client): the node numbers
 * the rows itself (prefix `SEED-`, 1 digit: the book's numbers are the sequence), against the HTTP Request chain
 * creating the same rows with numbers given in the input.
 */
export const SEQUENCE_PREFIX = 'SEED-';
const ISSUE_DATE = '2026-01-15';

/**
 * The rows: one line each, on the book's first 10 clients. Line text carries the contender and the execution, the
 * rate the execution, so no row matches a document made before (a match would be read and compared, nothing created).
 */
export function sequenceInput(name: string, clientIds: string[], items: number, tag: string): WorkflowNode {
	// the warm-up's rows another quantity: same client and amount would make the timed rows read them to compare
	const quantity = tag.includes('-warmup-') ? 2 : 1;
	return codeNode(
		name,
		[
			`const clients = ${JSON.stringify(clientIds.slice(0, 10))};`,
			'const run = Number(String($execution.id).replace(/\\D/g, "")) || 0;',
			`return Array.from({ length: ${items} }, (_, i) => ({ json: {`,
			'  client: clients[i % clients.length],',
			`  given_no: ${JSON.stringify(tag)} + '-' + run + '-' + (i + 1),`,
			`  items: [{ description: 'Row ' + (i + 1) + ' of ' + ${JSON.stringify(tag)} + ' ' + run, quantity: ${quantity}, rate: Number((100 + i + (run % 100) / 100).toFixed(2)) }],`,
			'} }));',
		].join('\n'),
	);
}

export function sequenceNode(name: string, credential: CredentialRef): WorkflowNode {
	return workflowNode(
		name,
		`${PACKAGE_NAME}.invoicing`,
		1,
		{
			resource: 'invoice',
			operation: 'create',
			numbering: 'next',
			numberPrefix: SEQUENCE_PREFIX,
			numberDigits: 1,
			client: byId('={{ $json.client }}'),
			paymentStatus: PAYMENT_STATUS,
			itemsMode: 'json',
			itemsJson: '={{ $json.items }}',
			additionalFields: { issueDate: ISSUE_DATE },
		},
		{ invoicingApi: credential },
	);
}

/** The same rows by the HTTP Request node, their numbers given: POST + Edit Fields, as the create scenarios. */
export function sequenceHttpNodes(tag: string, baseUrl: string): WorkflowNode[] {
	return [
		httpRequest(`${tag} HTTP Request`, 'POST', `${baseUrl}/invoice/add`, [
			{ name: 'client', value: '={{ $json.client }}' },
			{ name: 'invoice_no', value: '={{ $json.given_no }}' },
			{ name: 'payment_status', value: PAYMENT_STATUS },
			{ name: 'issue_date', value: ISSUE_DATE },
			{ name: 'items[0][description]', value: '={{ $json.items[0].description }}' },
			{ name: 'items[0][quantity]', value: '={{ $json.items[0].quantity }}' },
			{ name: 'items[0][rate]', value: '={{ $json.items[0].rate }}' },
		]),
		unwrap(`${tag} Edit Fields`, [], true),
	];
}
