import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { apiBaseUrl, BASE_URL_HINT, baseUrlProblem } from '../nodes/Invoicing/helpers/base-url';

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

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-invoicing#credentials';

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
	 * and the key, when there is one, to its header.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const baseURL = requestOptions.baseURL ?? serviceBaseUrl(credentials.baseUrl);
		const key = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
		if (key === '') return { ...requestOptions, baseURL };
		const header = (typeof credentials.headerName === 'string' ? credentials.headerName.trim() : '') || 'Authorization';
		const value = header.toLowerCase() === 'authorization' ? `Bearer ${key}` : key;
		return { ...requestOptions, baseURL, headers: { ...requestOptions.headers, [header]: value } };
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).replace(/\\/+$/, "") }}',
			url: '/client/all',
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: { key: 'status', value: 'error', message: 'The service answered with an error: check the Base URL and API Key' },
			},
		],
	};
}
