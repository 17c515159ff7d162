/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import type { IncomingHttpHeaders } from 'node:http';

/** With a key configured, some header must carry it, bare or as "Bearer KEY" (any header name, so custom names work). */
export function isAuthorized(headers: IncomingHttpHeaders, apiKey: string | undefined): boolean {
	if (apiKey === undefined) return true;
	return Object.values(headers).some((value) => {
		const values = Array.isArray(value) ? value : [value];
		return values.some((v) => v === apiKey || v === `Bearer ${apiKey}`);
	});
}
