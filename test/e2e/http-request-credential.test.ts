/**
 * What the node does not cover, one HTTP Request node away: n8n's own HTTP Request node with Authentication
 * "Predefined Credential Type" and Credential Type "Invoicing API" (the credential the package installs), run by
 * n8n's `execute` command inside real n8n. The service receives the request with the key; a URL outside the credential's
 * Base URL is refused before anything is sent.
 */
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../../tools/scripts/n8n/config';
import { startResidentN8n } from '../../tools/scripts/n8n/harness';
import { nodeOutput } from '../../tools/scripts/n8n/n8n-cli';
import type { ResidentN8n } from '../../tools/scripts/n8n/resident';
import type { WorkflowNode } from '../../tools/scripts/n8n/workflows';

const API_KEY = 'e2e-http-key';

/** A second credential: the Base URL with a user and password (a service behind Basic authentication), the key in X-API-Key. */
const USERINFO_CREDENTIAL = { id: 'invoicing-userinfo', name: 'Invoicing behind Basic' };
const USER = 'billing-e2e';
const PASSWORD = 'pw-e2e-s3cret';
const withUserinfo = (baseUrl: string) => baseUrl.replace(/^http:\/\//, `http://${USER}:${PASSWORD}@`);

let sandbox: Sandbox;
/** n8n's CLI, started once for the imports and the run. */
let n8n: ResidentN8n;

const httpNode = (name: string, url: string, position: [number, number], extra: Partial<WorkflowNode> = {}): WorkflowNode => ({
	id: name,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position,
	parameters: { url, authentication: 'predefinedCredentialType', nodeCredentialType: 'invoicingApi', options: {} },
	credentials: { invoicingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	...extra,
});

function workflow(baseUrl: string) {
	const outside = baseUrl.replace(/\/v1$/, '/elsewhere/invoice/all');
	return {
		id: 'e2e-http-request-credential',
		name: 'HTTP Request with the Invoicing API credential',
		nodes: [
			{ id: 'start', name: 'Start Manually', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
			httpNode('List Invoices (HTTP)', `${baseUrl}/invoice/all`, [220, 0]),
			// the key must not leave the Base URL: this one is refused, and its error kept as the item (On Error: continue)
			httpNode('Outside the Base URL', outside, [440, 0], { onError: 'continueRegularOutput' } as Partial<WorkflowNode>),
			// the user and password of the Base URL travel as Authorization: Basic, the URL is written without them
			httpNode('List Invoices (Basic)', `${baseUrl}/invoice/all`, [660, 0], { credentials: { invoicingApi: USERINFO_CREDENTIAL } }),
			httpNode('Unknown invoice (Basic)', `${baseUrl}/invoice/no-such-id`, [880, 0], {
				credentials: { invoicingApi: USERINFO_CREDENTIAL },
				onError: 'continueRegularOutput',
			} as Partial<WorkflowNode>),
		],
		connections: {
			'Start Manually': { main: [[{ node: 'List Invoices (HTTP)', type: 'main', index: 0 }]] },
			'List Invoices (HTTP)': { main: [[{ node: 'Outside the Base URL', type: 'main', index: 0 }]] },
			'Outside the Base URL': { main: [[{ node: 'List Invoices (Basic)', type: 'main', index: 0 }]] },
			'List Invoices (Basic)': { main: [[{ node: 'Unknown invoice (Basic)', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY, seed: 'demo' });
	({ n8n } = await startResidentN8n({
		baseUrl: sandbox.url,
		apiKey: API_KEY,
		workflows: [workflow(sandbox.url)],
		extraCredentials: [
			{ ...USERINFO_CREDENTIAL, type: 'invoicingApi', data: { baseUrl: withUserinfo(sandbox.url), apiKey: API_KEY, headerName: 'X-API-Key' } },
		],
	}));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

test('the HTTP Request node with the Invoicing API credential: the key in its header, the answer as the item; outside the Base URL refused', async () => {
	sandbox.clearRequests();
	const run = await n8n.execute('e2e-http-request-credential');
	expect(run.status).toBe('success');
	// the list reached the service with the key (the sandbox logs it masked); the other credential's requests
	// carry the user and password as Basic and the key in X-API-Key
	expect(sandbox.requests().map((r) => [r.method, r.path, r.authorized, r.headers.authorization, r.headers['x-api-key']])).toEqual([
		['GET', '/v1/invoice/all', true, 'Bearer ***', undefined],
		['GET', '/v1/invoice/all', true, 'Basic ***', '***'],
		['GET', '/v1/invoice/no-such-id', true, 'Basic ***', '***'],
	]);
	const [listed] = nodeOutput(run, 'List Invoices (HTTP)');
	expect(listed).toMatchObject({ status: 'success' });
	expect((listed.data as unknown[]).length).toBe(sandbox.state().invoices.length);
	const [refused] = nodeOutput(run, 'Outside the Base URL');
	expect(JSON.stringify(refused)).toContain(
		`The Invoicing credential sends its key only to its Base URL (${sandbox.url}), not to \\"${sandbox.url.replace(/\/v1$/, '/elsewhere/invoice/all')}\\"`,
	);
	expect(nodeOutput(run, 'List Invoices (Basic)')[0]).toMatchObject({ status: 'success' });
	// n8n's own error of the HTTP Request node (a 404: 2.x names the code, 1.x says "could not be found") holds
	// neither the user, the password nor the key
	const [unknown] = nodeOutput(run, 'Unknown invoice (Basic)');
	expect(unknown).toHaveProperty('error');
	expect(JSON.stringify(unknown)).toMatch(/404|could not be found/);
	for (const secret of [USER, PASSWORD, API_KEY]) expect(JSON.stringify(run)).not.toContain(secret);
});
