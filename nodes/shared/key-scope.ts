import { redactUrls } from './redact';

/**
 * Where the credential may send its key: requests to its Base URL only. The Invoicing nodes send paths that the
 * Base URL completes; n8n's HTTP Request node (Authentication: Predefined Credential Type) sends a full URL, which
 * must lie under the Base URL, so that the key never goes to another host or path by a typo or a wrong expression.
 */
export function keyScopeProblem(requested: unknown, baseUrl: string): string | undefined {
	if (typeof requested !== 'string' || !/^https?:\/\//i.test(requested)) return undefined;
	if (isUnder(requested, baseUrl)) return undefined;
	return `The Invoicing credential sends its key only to its Base URL (${redactUrls(baseUrl)}), not to "${redactUrls(requested)}"`;
}

export const keyScopeHint = (baseUrl: string) =>
	`In the HTTP Request node, start the URL with the credential's Base URL, e.g. ${redactUrls(baseUrl)}/invoice/all, or edit the credential's Base URL.`;

function isUnder(requested: string, baseUrl: string): boolean {
	try {
		const target = new URL(requested);
		const base = new URL(baseUrl);
		return target.origin === base.origin && (target.pathname === base.pathname || target.pathname.startsWith(`${base.pathname}/`));
	} catch {
		return false;
	}
}
