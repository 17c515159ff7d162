import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

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
	 * A function, not a generic `authenticate`: n8n resolves a generic one's header name and value as two
	 * expressions on every request, which was about a tenth of the node's time. No key: no header.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const key = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
		if (key === '') return requestOptions;
		const header = (typeof credentials.headerName === 'string' ? credentials.headerName.trim() : '') || 'Authorization';
		const value = header.toLowerCase() === 'authorization' ? `Bearer ${key}` : key;
		return { ...requestOptions, headers: { ...requestOptions.headers, [header]: value } };
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
