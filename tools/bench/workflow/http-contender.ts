import type { WorkflowNode } from '../../scripts/n8n/workflows';
import { LINE_ITEMS, PAYMENT_STATUS, TAX_RATE, UPDATE_NOTE, type ScenarioId } from '../scenarios';
import { HEADER_AUTH } from './credentials';
import { workflowNode } from './nodes';

/** The latest HTTP Request node in n8n 2.40.7. */
export const HTTP_REQUEST_VERSION = 4.5;
const SET_VERSION = 3.5;
const FILTER_VERSION = 2.3;

export type Parameter = { name: string; value: string | number };

/** n8n's HTTP Request node with the Header Auth credential: a form body, or query parameters (the client operations). */
export function httpRequest(name: string, method: string, url: string, form?: Parameter[], query?: Parameter[]): WorkflowNode {
	return workflowNode(
		name,
		'n8n-nodes-base.httpRequest',
		HTTP_REQUEST_VERSION,
		{
			method,
			url,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			...(query ? { sendQuery: true, specifyQuery: 'keypair', queryParameters: { parameters: query } } : {}),
			...(form ? { sendBody: true, contentType: 'form-urlencoded', bodyParameters: { parameters: form } } : {}),
			options: {},
		},
		{ httpHeaderAuth: HEADER_AUTH },
	);
}

/** A create's line items with `amount` (quantity x rate, two decimals), which the service gives on Get only. */
const ITEMS_WITH_AMOUNT = '$json.items.map((i) => ({ ...i, amount: (Math.round(i.quantity * i.rate * 100 + 1e-9) / 100).toFixed(2) }))';

/**
 * Edit Fields (Set), JSON mode: lifts the record out of the envelope, as this node's output has it. `created`: a
 * new invoice as the node outputs it, as Get would give it: its items' amounts, and no payments or send log yet.
 */
export function unwrap(name: string, related: string[], created = false): WorkflowNode {
	const extra = [...related.map((key) => `, ${key}: $json.${key}`), ...(created ? [', payments: [], send_log: []'] : [])].join('');
	return workflowNode(name, 'n8n-nodes-base.set', SET_VERSION, {
		mode: 'raw',
		jsonOutput: `={{ { ...$json.invoice[0], items: ${created ? ITEMS_WITH_AMOUNT : '$json.items'}${extra} } }}`,
		options: {},
	});
}

/** The line items as a user maps them into the form: one parameter per field, `items[i][field]`. */
function itemParameters(): Parameter[] {
	return LINE_ITEMS.flatMap((_, index) =>
		(['description', 'quantity', 'rate'] as const).map((field) => ({ name: `items[${index}][${field}]`, value: `={{ $json.items[${index}].${field} }}` })),
	);
}

/** The HTTP Request node sending the same requests as this node, and the built-in nodes a user adds for the same output. */
export function httpChainNodes(scenario: ScenarioId, baseUrl: string, listBaseUrl: string, namePrefix: string): WorkflowNode[] {
	switch (scenario) {
		case 'create100':
		case 'create1000':
		case 'createGuarded1000':
			return [
				httpRequest(`${namePrefix} HTTP Request`, 'POST', `${baseUrl}/invoice/add`, [
					{ name: 'client', value: '={{ $json.client }}' },
					{ name: 'invoice_no', value: '={{ $json.invoice_no }}' },
					{ name: 'payment_status', value: PAYMENT_STATUS },
					{ name: 'tax_rate', value: String(TAX_RATE) },
					...itemParameters(),
				]),
				unwrap(`${namePrefix} Edit Fields`, [], true),
			];
		case 'get1000':
			return [
				httpRequest(`${namePrefix} HTTP Request`, 'GET', `=${baseUrl}/invoice/{{ $json.id }}`),
				unwrap(`${namePrefix} Edit Fields`, ['payments', 'send_log']),
			];
		case 'getMany10000':
			return [
				httpRequest(`${namePrefix} HTTP Request`, 'GET', `${listBaseUrl}/invoice/all`),
				workflowNode(`${namePrefix} Split Out`, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} }),
				workflowNode(`${namePrefix} Filter`, 'n8n-nodes-base.filter', FILTER_VERSION, {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
						conditions: [
							{ id: 'not-paid', leftValue: '={{ $json.payment_status }}', rightValue: PAYMENT_STATUS, operator: { type: 'string', operation: 'equals' } },
						],
						combinator: 'and',
					},
					options: {},
				}),
			];
		case 'update1000':
			return [
				httpRequest(`${namePrefix} HTTP Request`, 'PUT', `=${baseUrl}/invoice/{{ $json.id }}`, [
					{ name: 'client', value: '={{ $json.client }}' },
					{ name: 'invoice_no', value: '={{ $json.invoice_no }}' },
					{ name: 'payment_status', value: PAYMENT_STATUS },
					{ name: 'note', value: UPDATE_NOTE },
				]),
				// the PUT's answer lacks payments and send log: read the invoice after it, as the node does
				httpRequest(`${namePrefix} HTTP Request Get`, 'GET', `=${baseUrl}/invoice/{{ $json.invoice[0].id }}`),
				unwrap(`${namePrefix} Edit Fields`, ['payments', 'send_log']),
			];
		case 'lifecycle':
		case 'nextInSequence100':
			throw new Error(`${scenario}: its HTTP chain is built in chains/`);
	}
}
