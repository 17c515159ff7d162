import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

import type { ApiEnvelope } from './api-types';

/** The hint of a 404: what an unknown id usually means. */
export const NOT_FOUND_HINT = 'No record has this ID: pick the record from the list, or check that it was not deleted.';

const HINTS: Record<number, string> = {
	400: 'The service refused a parameter: check the field named in the message.',
	401: 'The service refused the API key: check the API Key (and its header name) in the Invoicing credential.',
	404: NOT_FOUND_HINT,
	405: 'The service does not allow this method here: check that the Base URL ends in /v1.',
	408: 'The service gave up waiting for the request: try again later.',
	413: 'The request is larger than the service accepts: send fewer or shorter line items and texts.',
	414: 'The request URL is too long for the service: client fields travel in the URL, so shorten the longest of them (name, address).',
	429: 'The service is rate limiting: lower the batch size or add an interval under Request Options > Batching.',
	431: 'The request URL or headers are too large for the service: client fields travel in the URL, so shorten the longest of them (name, address).',
};

/** Appended to the message of a write whose outcome is unknown (the description says what to do). */
export const MAY_HAVE_APPLIED = ' (the service may have applied it)';

/** An answer that does not say whether the service acted: 5xx, 408, or a 2xx that is not the service's JSON. */
export function outcomeUnknown(statusCode: number, body: unknown): boolean {
	if (statusCode >= 500 || statusCode === 408) return true;
	return statusCode >= 200 && statusCode < 300 && (typeof body !== 'object' || body === null);
}

/** What the service said in a failed answer, or what the answer was instead. */
export function serverMessage(body: unknown): string {
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
 * The error a failed call becomes, for every entry point (action node, list search, trigger): what was done,
 * the HTTP code and the server's message, plus a hint (`hints` replaces the default hint of a code) and, for a
 * write of unknown outcome, a note.
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
