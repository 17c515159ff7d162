import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { authHeaders } from '../nodes/shared/auth-headers';
import { apiBaseUrl, BASE_URL_HINT, baseUrlProblem } from '../nodes/shared/base-url';
import { keyScopeHint, keyScopeProblem } from '../nodes/shared/key-scope';
import { withoutUserinfo } from '../nodes/shared/redact';

/** The credential's Base URL without trailing slashes; one that does not end in /v1 is refused with the fix. */
function serviceBaseUrl(configured: unknown): string {
	const baseUrl = apiBaseUrl(configured);
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw Object.assign(new Error(problem), { description: BASE_URL_HINT });
	return baseUrl;
}

export class InvoicingApi implements ICredentialType {
	name = 'invoicingApi';

	displayName = 'Invoicing API';

	icon: Icon = { light: 'file:../nodes/Invoicing/invoicing.svg', dark: 'file:../nodes/Invoicing/invoicing.dark.svg' };

	// no #fragment: n8n appends ?utm_source=... to the link, which would land after it and break it
	documentationUrl = 'https://github.com/n8n-nodes-invoicing/n8n-nodes-invoicing';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://invoicing.example.com/v1',
			description: 'Address of the service, ending in /v1 (a trailing slash is fine)',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Leave empty if the service needs no key',
		},
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			default: 'Authorization',
			description:
				'Header that carries the key. "Authorization" sends "Bearer &lt;key&gt;"; any other header (e.g. X-API-Key) sends the key as it is.',
		},
	];

	/**
	 * A function, not a generic `authenticate` nor a `requestDefaults.baseURL` expression: n8n evaluates those
	 * as expressions for every request (two for the header, two for the base URL), most of the node's own
	 * cost per item. Here the Base URL (checked: it must end in /v1) goes to every request that has none,
	 * and the key, when there is one, to its header. n8n lists a credential type with `authenticate` under the
	 * HTTP Request node's Predefined Credential Type; a full URL from there must lie under the Base URL (see
	 * key-scope). An own property, not a method: n8n's loader copies the type's own properties
	 * (`{ ...credential }`) before serving it to the editor, which then sees a function as `{}`; a method on the
	 * prototype is not copied, and the editor would not list the type (measured on 2.40.7).
	 */
	authenticate = async (credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> => {
		// a user and password of the Base URL go in a header, never in the URL an error or a log prints
		const baseURL = withoutUserinfo(requestOptions.baseURL ?? serviceBaseUrl(credentials.baseUrl));
		// n8n's HTTP Request node passes its own options, whose full URL is in `uri`
		const requested = requestOptions.url ?? (requestOptions as { uri?: unknown }).uri;
		const outside = keyScopeProblem(requested, apiBaseUrl(credentials.baseUrl));
		if (outside) throw Object.assign(new Error(outside), { description: keyScopeHint(apiBaseUrl(credentials.baseUrl)) });
		const headers = authHeaders(credentials);
		if (Object.keys(headers).length === 0) return { ...requestOptions, baseURL };
		return { ...requestOptions, baseURL, headers: { ...requestOptions.headers, ...headers } };
	};

	// n8n shows a rule's message when the test request answers its status code (otherwise only the status text,
	// e.g. "Not Found"): each one names the fix.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).replace(/\\/+$/, "") }}',
			url: '/client/all',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The service refused the API key (HTTP 401). Check the API Key; if the service expects it in another header (e.g. X-API-Key), set Header Name to that header.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Invoicing API at this Base URL (HTTP 404 for GET /client/all). The Base URL must be the API address ending in /v1, e.g. https://invoicing.example.com/v1.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 405,
					message:
						'The Base URL points at another path of the service (HTTP 405 for GET /client/all). It must be the API address ending in /v1, e.g. https://invoicing.example.com/v1.',
				},
			},
		],
	};
}
