import type { IAuthenticateRuleResponseCode } from 'n8n-workflow';

import { InvoicingApi } from '../../credentials/InvoicingApi.credentials';
import { startSandbox, type Sandbox } from '../../tools/sandbox';

const API_KEY = 'credential-test-key';
const credential = new InvoicingApi();
const rules = (credential.test.rules ?? []) as IAuthenticateRuleResponseCode[];

/** The message n8n's credential tester shows for a failed test request: the first responseCode rule for its status. */
function messageFor(status: number): string | undefined {
	return rules.find((rule) => rule.type === 'responseCode' && rule.properties.value === status)?.properties.message;
}

/** The credential's test request (GET <Base URL>/client/all) against a service, as the Test button sends it. */
async function testRequestStatus(baseUrl: string, key: string, method = 'GET'): Promise<number> {
	const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${credential.test.request.url}`, { method, headers: { authorization: `Bearer ${key}` } });
	return response.status;
}

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY });
});
afterAll(async () => sandbox.close());

describe('the credential Test (rules n8n applies to the answer of GET /client/all)', () => {
	test('only status-code rules, one per status, on a read-only GET of the client list', () => {
		expect(credential.test.request).toMatchObject({ url: '/client/all' });
		expect(credential.test.request.method ?? 'GET').toBe('GET');
		expect(rules.every((rule) => rule.type === 'responseCode')).toBe(true);
		expect(rules.map((rule) => rule.properties.value)).toEqual([401, 404, 405]);
	});

	test('the right Base URL and key pass: the service answers 200, which no rule catches', async () => {
		const status = await testRequestStatus(sandbox.url, API_KEY);
		expect(status).toBe(200);
		expect(messageFor(status)).toBeUndefined();
	});

	test.each([
		['without /v1', (url: string) => url.replace(/\/v1$/, '')],
		['with a trailing slash but without /v1', (url: string) => `${url.replace(/\/v1$/, '')}/`],
		['with another version', (url: string) => url.replace(/\/v1$/, '/v2')],
	])('a Base URL %s: the service answers 404 and the message gives the fix (end in /v1)', async (_case, wrongBase) => {
		const status = await testRequestStatus(wrongBase(sandbox.url), API_KEY);
		expect(status).toBe(404);
		expect(messageFor(status)).toMatch(/Base URL must be the API address ending in \/v1, e\.g\. https:\/\/invoicing\.example\.com\/v1/);
	});

	test('a path the service serves under another method: 405, with the same fix', async () => {
		const status = await testRequestStatus(sandbox.url, API_KEY, 'DELETE');
		expect(status).toBe(405);
		expect(messageFor(status)).toMatch(/ending in \/v1/);
	});

	test('a refused key: the service answers 401 and the message says to check the key and its header', async () => {
		const status = await testRequestStatus(sandbox.url, 'wrong-key');
		expect(status).toBe(401);
		expect(messageFor(status)).toMatch(/refused the API key.*Check the API Key.*Header Name/);
	});
});
