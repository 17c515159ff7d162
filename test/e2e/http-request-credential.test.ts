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
		],
		connections: {
			'Start Manually': { main: [[{ node: 'List Invoices (HTTP)', type: 'main', index: 0 }]] },
			'List Invoices (HTTP)': { main: [[{ node: 'Outside the Base URL', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY, seed: 'demo' });
	({ n8n } = await startResidentN8n({ baseUrl: sandbox.url, apiKey: API_KEY, workflows: [workflow(sandbox.url)] }));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

test('the HTTP Request node with the Invoicing API credential: the key in its header, the answer as the item; outside the Base URL refused', async () => {
	sandbox.clearRequests();
	const run = await n8n.execute('e2e-http-request-credential');
	expect(run.status).toBe('success');
	// one request reached the service: the list, with the key (the sandbox logs it masked)
	expect(sandbox.requests().map((r) => [r.method, r.path, r.authorized, r.headers.authorization])).toEqual([['GET', '/v1/invoice/all', true, 'Bearer ***']]);
	const [listed] = nodeOutput(run, 'List Invoices (HTTP)');
	expect(listed).toMatchObject({ status: 'success' });
	expect((listed.data as unknown[]).length).toBe(sandbox.state().invoices.length);
	const [refused] = nodeOutput(run, 'Outside the Base URL');
	expect(JSON.stringify(refused)).toContain(
		`The Invoicing credential sends its key only to its Base URL (${sandbox.url}), not to \\"${sandbox.url.replace(/\/v1$/, '/elsewhere/invoice/all')}\\"`,
	);
});
