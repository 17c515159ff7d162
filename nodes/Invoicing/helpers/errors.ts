import { NodeApiError, NodeOperationError, type IExecuteSingleFunctions, type INode, type JsonObject } from 'n8n-workflow';

import type { ApiEnvelope } from './types';

const HINTS: Record<number, string> = {
	400: 'The service refused a parameter: check the field named in the message.',
	401: 'The service refused the API key: check the API Key (and its header name) in the Invoicing credential.',
	404: 'No record has this ID: pick the record from the list, or check that it was not deleted.',
	405: 'The service does not allow this method here: check that the Base URL ends in /v1.',
	413: 'The request is larger than the service accepts (1 MB): send fewer or shorter line items.',
	429: 'The service is rate limiting: lower the batch size or add an interval under Options > Batching.',
};

const OPERATION_LABELS: Record<string, string> = {
	getAll: 'Get Many',
	get: 'Get',
	create: 'Create',
	update: 'Update',
	delete: 'Delete',
	send: 'Send',
	recordPayment: 'Record Payment',
	markPaid: 'Mark as Paid',
	markNotPaid: 'Mark as Not Paid',
};

/** "Create Invoice", "Get Many Clients", from the node's resource and operation. */
export function operationLabel(ctx: IExecuteSingleFunctions): string {
	const resource = String(ctx.getNodeParameter('resource'));
	const operation = String(ctx.getNodeParameter('operation'));
	const noun = resource.charAt(0).toUpperCase() + resource.slice(1);
	return `${OPERATION_LABELS[operation] ?? operation} ${operation === 'getAll' ? `${noun}s` : noun}`;
}

function serverMessage(body: unknown): string {
	if (typeof body === 'object' && body !== null && typeof (body as ApiEnvelope).message === 'string') {
		return (body as ApiEnvelope).message as string;
	}
	if (typeof body === 'string') {
		const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
		return text === '' ? 'empty answer' : `answer is not JSON: "${text.slice(0, 200)}"`;
	}
	return 'answer without a message';
}

/** True for the service's success: HTTP 2xx and `status` "success". */
export function isApiSuccess(statusCode: number, body: unknown): body is ApiEnvelope {
	return (
		statusCode >= 200 &&
		statusCode < 300 &&
		typeof body === 'object' &&
		body !== null &&
		(body as ApiEnvelope).status === 'success'
	);
}

/**
 * The error a failed call becomes, for either node: what was done, the HTTP code and the server's message,
 * plus a hint (`hints` replaces the default hint of a code).
 */
export function apiError(
	node: INode,
	action: string,
	statusCode: number,
	body: unknown,
	options: { itemIndex?: number; hints?: Record<number, string> } = {},
): NodeApiError {
	const message = `${action} failed (HTTP ${statusCode}): ${serverMessage(body)}`;
	const envelope: JsonObject = typeof body === 'object' && body !== null ? (body as JsonObject) : { body: String(body) };
	return new NodeApiError(node, envelope, {
		message,
		description:
			options.hints?.[statusCode] ?? HINTS[statusCode] ?? (statusCode >= 500 ? 'The service failed: try again later.' : undefined),
		httpCode: String(statusCode),
		itemIndex: options.itemIndex,
	});
}

/** The error a failed call of the action node becomes: operation, HTTP code and the server's message, plus a hint. */
export function apiFailure(ctx: IExecuteSingleFunctions, statusCode: number, body: unknown): NodeApiError {
	return apiError(ctx.getNode(), operationLabel(ctx), statusCode, body, { itemIndex: ctx.getItemIndex() });
}

/** An input the user must fix before anything is sent. */
export function inputError(ctx: IExecuteSingleFunctions, message: string, description?: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex: ctx.getItemIndex(), description });
}
