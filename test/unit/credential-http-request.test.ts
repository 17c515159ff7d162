import type { IHttpRequestOptions } from 'n8n-workflow';

import { InvoicingApi } from '../../credentials/InvoicingApi.credentials';

/**
 * The credential in n8n's HTTP Request node (Authentication: Predefined Credential Type, Credential Type:
 * Invoicing API): n8n hands `authenticate` the node's own request options, whose full URL is in `uri`.
 */
const credential = new InvoicingApi();
const credentials = { baseUrl: 'https://invoicing.example.com/v1/', apiKey: 'k-123', headerName: 'Authorization' };
const authenticate = (options: Record<string, unknown>) => credential.authenticate(credentials, options as unknown as IHttpRequestOptions);

describe('the Invoicing credential in the HTTP Request node', () => {
	test('a URL under the Base URL: the key in its header, the Base URL as baseURL, the URL as given', async () => {
		const options = { method: 'GET', uri: 'https://invoicing.example.com/v1/invoice/all', headers: { accept: 'application/json' } };
		expect(await authenticate(options)).toEqual({
			...options,
			baseURL: 'https://invoicing.example.com/v1',
			headers: { accept: 'application/json', Authorization: 'Bearer k-123' },
		});
	});

	test.each([
		['another host', 'https://elsewhere.example/v1/invoice/all'],
		['another path of the same host', 'https://invoicing.example.com/v10/invoice/all'],
		['the host without the Base URL\'s path', 'https://invoicing.example.com/invoice/all'],
		['http instead of https', 'http://invoicing.example.com/v1/invoice/all'],
	])('a URL outside the Base URL (%s): refused, the key is not added', async (_case, uri) => {
		await expect(authenticate({ method: 'GET', uri })).rejects.toThrow(
			`The Invoicing credential sends its key only to its Base URL (https://invoicing.example.com/v1), not to "${uri}"`,
		);
		await expect(authenticate({ method: 'GET', uri })).rejects.toMatchObject({
			description: "In the HTTP Request node, start the URL with the credential's Base URL, e.g. https://invoicing.example.com/v1/invoice/all, or edit the credential's Base URL.",
		});
	});

	test('the nodes\' own requests (a path the Base URL completes) are unchanged in kind', async () => {
		expect(await authenticate({ method: 'GET', url: '/invoice/all' })).toEqual({
			method: 'GET',
			url: '/invoice/all',
			baseURL: 'https://invoicing.example.com/v1',
			headers: { Authorization: 'Bearer k-123' },
		});
	});
});

describe('a Base URL with a user and password (a service behind Basic authentication)', () => {
	const withUser = { baseUrl: 'https://billing:s3cret@invoicing.example.com/v1', apiKey: 'k-123', headerName: 'X-API-Key' };
	const basic = `Basic ${Buffer.from('billing:s3cret').toString('base64')}`;

	test('the user and password go in Authorization: Basic, never in the URL the request is sent to; the key in its own header', async () => {
		expect(await credential.authenticate(withUser, { method: 'GET', url: '/invoice/all' })).toEqual({
			method: 'GET',
			url: '/invoice/all',
			baseURL: 'https://invoicing.example.com/v1',
			headers: { 'X-API-Key': 'k-123', Authorization: basic },
		});
	});

	test('the HTTP Request node: a URL under the Base URL (written without user and password) gets the same headers', async () => {
		const options = { method: 'GET', uri: 'https://invoicing.example.com/v1/invoice/all' } as unknown as IHttpRequestOptions;
		expect(await credential.authenticate(withUser, options)).toMatchObject({
			uri: 'https://invoicing.example.com/v1/invoice/all',
			headers: { 'X-API-Key': 'k-123', Authorization: basic },
		});
	});

	test('no API key: Basic alone', async () => {
		expect(await credential.authenticate({ baseUrl: withUser.baseUrl }, { method: 'GET', url: '/invoice/all' })).toEqual({
			method: 'GET',
			url: '/invoice/all',
			baseURL: 'https://invoicing.example.com/v1',
			headers: { Authorization: basic },
		});
	});

	test('the key in Authorization too: refused with the fix, as one header cannot carry both', async () => {
		const refused = credential.authenticate({ ...withUser, headerName: 'Authorization' }, { method: 'GET', url: '/invoice/all' });
		await expect(refused).rejects.toMatchObject({
			message:
				'The Base URL of the Invoicing credential has a user and password, which are sent in the Authorization header, and the API key would be sent there too',
			description: 'Set Header Name to the header the service reads the key from (e.g. X-API-Key), or remove the user and password from the Base URL.',
		});
	});

	test('a URL outside the Base URL: refused, the Base URL shown without user and password', async () => {
		const options = { method: 'GET', uri: 'https://elsewhere.example/v1/invoice/all' } as unknown as IHttpRequestOptions;
		await expect(credential.authenticate(withUser, options)).rejects.toThrow(
			'The Invoicing credential sends its key only to its Base URL (https://***@invoicing.example.com/v1), not to "https://elsewhere.example/v1/invoice/all"',
		);
	});
});

describe('what the editor is served of the credential type', () => {
	test('authenticate survives the loader\'s copy of the type ({ ...credential }): the HTTP Request node lists the type', () => {
		// n8n's loader serves `{ ...credential }` through a toJSON that turns a function `authenticate` into {}: a
		// method on the prototype would not be copied, and the editor would not offer the type
		const served = JSON.parse(
			JSON.stringify({ ...credential }, (key, value: unknown) => (key === 'authenticate' && typeof value === 'function' ? {} : value)),
		) as Record<string, unknown>;
		expect(served.authenticate).toEqual({});
		expect(Object.keys(credential)).toContain('authenticate');
	});
});
