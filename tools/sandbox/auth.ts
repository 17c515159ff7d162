import type { IncomingHttpHeaders } from 'node:http';

/** With a key configured, some header must carry it, bare or as "Bearer KEY" (any header name, so custom names work). */
export function isAuthorized(headers: IncomingHttpHeaders, apiKey: string | undefined): boolean {
	if (apiKey === undefined) return true;
	return Object.values(headers).some((value) => {
		const values = Array.isArray(value) ? value : [value];
		return values.some((v) => v === apiKey || v === `Bearer ${apiKey}`);
	});
}
