import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { inputError } from '../errors/item-errors';

/**
 * Longest URL the node sends. Servers and proxies commonly refuse longer request lines or headers: 8 KB is
 * nginx's default `large_client_header_buffers` and about Apache's `LimitRequestLine` (8190), Node's http
 * server allows 16 KB for all headers together. Client fields travel in the query string, so a long name
 * or address would otherwise fail as HTTP 414 or 431, or be cut by a proxy.
 */
export const MAX_URL_LENGTH = 8000;

/** The Base URL is added by the credential after the node's checks: room kept for it. */
const BASE_URL_ROOM = 200;

const encodedLength = (key: string, value: unknown) => encodeURIComponent(key).length + 1 + encodeURIComponent(String(value)).length;

/** Refuses, before sending, a request whose URL would pass MAX_URL_LENGTH, naming the longest field. */
export function checkUrlLength(ctx: IExecuteSingleFunctions, options: IHttpRequestOptions, labels: Record<string, string>): void {
	const qs = (options.qs ?? {}) as IDataObject;
	const entries = Object.entries(qs).filter(([, value]) => value !== undefined && value !== null);
	const query = entries.reduce((sum, [key, value]) => sum + encodedLength(key, value) + 1, 0);
	const length = (options.baseURL === undefined ? BASE_URL_ROOM : String(options.baseURL).length) + options.url.length + query;
	if (length <= MAX_URL_LENGTH) return;
	const [longest, value] = entries.reduce((a, b) => (encodedLength(b[0], b[1]) > encodedLength(a[0], a[1]) ? b : a));
	const label = labels[longest] ?? longest;
	throw inputError(
		ctx,
		`"${label}" is too long to send: the request URL would be about ${length} characters, more than the ${MAX_URL_LENGTH} the node sends (the service takes client fields in the URL)`,
		`"${label}" is ${String(value).length} characters (${encodeURIComponent(String(value)).length} once URL-encoded). Shorten it, for example with .slice(0, 1000) in its expression.`,
	);
}
