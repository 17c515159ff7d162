import { NodeApiError, NodeOperationError, type IExecuteSingleFunctions, type INode, type JsonObject } from 'n8n-workflow';

import type { ApiEnvelope } from './api-types';

const HINTS: Record<number, string> = {
	400: 'The service refused a parameter: check the field named in the message.',
	401: 'The service refused the API key: check the API Key (and its header name) in the Invoicing credential.',
	404: 'No record has this ID: pick the record from the list, or check that it was not deleted.',
	405: 'The service does not allow this method here: check that the Base URL ends in /v1.',
	408: 'The service gave up waiting for the request: try again later.',
	413: 'The request is larger than the service accepts: send fewer or shorter line items and texts.',
	414: 'The request URL is too long for the service: client fields travel in the URL, so shorten the longest of them (name, address).',
	429: 'The service is rate limiting: lower the batch size or add an interval under Options > Batching.',
	431: 'The request URL or headers are too large for the service: client fields travel in the URL, so shorten the longest of them (name, address).',
};

/** Operations that change data; the first group applies again when repeated (a second payment, a second e-mail, a second record). */
const REPEATS_EFFECT = new Set(['create', 'send', 'recordPayment']);
const CHANGES_DATA = new Set([...REPEATS_EFFECT, 'update', 'upsert', 'delete', 'markPaid', 'markNotPaid']);

/**
 * For a write whose outcome is unknown (time-out, dropped connection, 5xx, an answer that is not JSON):
 * what the user must know before retrying. Undefined for reads.
 */
export function uncertainWriteNote(ctx: IExecuteSingleFunctions): string | undefined {
	const operation = String(ctx.getNodeParameter('operation'));
	if (!CHANGES_DATA.has(operation)) return undefined;
	const label = operationLabel(ctx);
	return REPEATS_EFFECT.has(operation)
		? `The service may have applied this ${label} before the failure. Check the record before running it again: a retry (including n8n's Retry On Fail) can apply it twice.`
		: `The service may have applied this ${label} before the failure; running it again gives the same result.`;
}

/** Appended to the message of a write whose outcome is unknown (the description says what to do). */
export const MAY_HAVE_APPLIED = ' (the service may have applied it)';

/** An answer that does not say whether the service acted: 5xx, 408, or a 2xx that is not the service's JSON. */
export function outcomeUnknown(statusCode: number, body: unknown): boolean {
	if (statusCode >= 500 || statusCode === 408) return true;
	return statusCode >= 200 && statusCode < 300 && (typeof body !== 'object' || body === null);
}

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
	upsert: 'Create or Update',
};

/** The parameter that tells one input row from another, per resource: its record, or what a create names. */
const ROW_KEY: Record<string, { record: string; created: string }> = {
	client: { record: 'clientId', created: 'names' },
	expense: { record: 'expenseId', created: 'description' },
	invoice: { record: 'invoiceId', created: 'invoiceNo' },
	estimate: { record: 'estimateId', created: 'estimateNo' },
};

/** The row's record ID, invoice or estimate number, client e-mail or name; undefined when it has none. */
function rowKey(ctx: IExecuteSingleFunctions): string | undefined {
	const resource = String(ctx.getNodeParameter('resource'));
	const operation = String(ctx.getNodeParameter('operation'));
	const key = ROW_KEY[resource];
	if (!key || operation === 'getAll') return undefined;
	const creates = operation === 'create' || operation === 'upsert';
	const extra = creates && resource === 'client' ? (ctx.getNodeParameter('additionalFields', {}) as { email?: unknown }).email : undefined;
	let value: unknown;
	try {
		value = extra || ctx.getNodeParameter(creates ? key.created : key.record, '', { extractValue: true });
	} catch {
		return undefined;
	}
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	return text === '' ? undefined : `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/**
 * What failed, as a user finds it among the input rows: `Create Invoice "INV-3" (item 3)`. Under Continue
 * On Fail n8n keeps only the message in the failed item's JSON, so the row is named there.
 */
export function failureLabel(ctx: IExecuteSingleFunctions): string {
	const key = rowKey(ctx);
	return `${operationLabel(ctx)}${key ? ` ${key}` : ''} (item ${ctx.getItemIndex() + 1})`;
}

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
 * plus a hint (`hints` replaces the default hint of a code) and, for a write of unknown outcome, a note.
 */
export function apiError(
	node: INode,
	action: string,
	statusCode: number,
	body: unknown,
	options: { itemIndex?: number; hints?: Record<number, string>; note?: string } = {},
): NodeApiError {
	const envelope: JsonObject = typeof body === 'object' && body !== null ? (body as JsonObject) : { body: String(body) };
	const hint = options.hints?.[statusCode] ?? HINTS[statusCode] ?? (statusCode >= 500 ? 'The service failed: try again later.' : undefined);
	const message = `${action} failed (HTTP ${statusCode}): ${serverMessage(body)}${options.note ? MAY_HAVE_APPLIED : ''}`;
	return new NodeApiError(node, envelope, {
		message,
		description: [hint, options.note].filter(Boolean).join(' ') || undefined,
		httpCode: String(statusCode),
		itemIndex: options.itemIndex,
	});
}

/** The error a failed call of the action node becomes; a write of unknown outcome says so. */
export function apiFailure(ctx: IExecuteSingleFunctions, statusCode: number, body: unknown): NodeApiError {
	const note = outcomeUnknown(statusCode, body) ? uncertainWriteNote(ctx) : undefined;
	return apiError(ctx.getNode(), failureLabel(ctx), statusCode, body, { itemIndex: ctx.getItemIndex(), note });
}

/** An input the user must fix before anything is sent. */
export function inputError(ctx: IExecuteSingleFunctions, message: string, description?: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex: ctx.getItemIndex(), description });
}

/** "Item 3 (index 2)": the input row as a user counts it and as expressions ($itemIndex) do. */
export function itemLabel(ctx: IExecuteSingleFunctions): string {
	const index = ctx.getItemIndex();
	return `Item ${index + 1} (index ${index})`;
}

/** A field of one input item refused before sending: `Item 3 (index 2): "Currency" ...`. */
export function fieldError(ctx: IExecuteSingleFunctions, label: string, problem: string, description?: string): NodeOperationError {
	return inputError(ctx, `${itemLabel(ctx)}: "${label}" ${problem}`, description);
}
