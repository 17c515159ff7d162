import { userinfoOf } from './redact';

/** A credential the Invoicing nodes and the HTTP Request node send requests with. */
export interface AuthSettings {
	baseUrl?: unknown;
	apiKey?: unknown;
	headerName?: unknown;
}

export const USERINFO_CONFLICT =
	'The Base URL of the Invoicing credential has a user and password, which are sent in the Authorization header, and the API key would be sent there too';

export const USERINFO_CONFLICT_HINT =
	'Set Header Name to the header the service reads the key from (e.g. X-API-Key), or remove the user and password from the Base URL.';

/**
 * The headers that carry the credential: the API key in its header (`Bearer <key>` in Authorization), and the
 * Base URL's user and password as `Authorization: Basic`, so they never travel in a URL, which errors and logs
 * print. The HTTP client would send them as Basic anyway and drop an Authorization header set beside them (the
 * key): a key in Authorization together with a user and password cannot be sent, and is refused with the fix.
 */
export function authHeaders(settings: AuthSettings): Record<string, string> {
	const headers: Record<string, string> = {};
	const key = typeof settings.apiKey === 'string' ? settings.apiKey : '';
	const header = (typeof settings.headerName === 'string' ? settings.headerName.trim() : '') || 'Authorization';
	const keyInAuthorization = key !== '' && header.toLowerCase() === 'authorization';
	if (key !== '') headers[header] = keyInAuthorization ? `Bearer ${key}` : key;
	const userinfo = userinfoOf(String(settings.baseUrl ?? ''));
	if (userinfo === undefined) return headers;
	if (keyInAuthorization) throw Object.assign(new Error(USERINFO_CONFLICT), { description: USERINFO_CONFLICT_HINT });
	headers.Authorization = `Basic ${Buffer.from(`${userinfo.user}:${userinfo.password}`).toString('base64')}`;
	return headers;
}
