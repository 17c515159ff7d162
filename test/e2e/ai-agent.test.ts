/**
 * Example 6 inside real n8n: the AI Agent node uses the Invoicing node as three tools (inputs from $fromAI)
 * with a scripted OpenAI-compatible chat model on loopback. One sentence becomes a client and an invoice in the
 * sandbox, and the agent answers with the total the service computed.
 */
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { readExample, startResidentN8n } from '../../tools/scripts/n8n/harness';
import { nodeOutput } from '../../tools/scripts/n8n/n8n-cli';
import type { ResidentN8n } from '../../tools/scripts/n8n/resident';
import { saveArtifact } from './artifacts';
import { messageText, startChatStub, type ChatStub } from './ai/chat-completions-stub';
import { AGENT_CLIENT, AGENT_INVOICE, invoicingAgentScript } from './ai/invoicing-script';

const API_KEY = 'e2e-ai-key';
const EXAMPLE = '6-ai-agent-invoicing.json';

let sandbox: Sandbox;
let stub: ChatStub;
/** n8n's CLI, started once for the imports and the run. */
let n8n: ResidentN8n;
let workflowId: string;

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY, seed: 'empty' });
	stub = await startChatStub(invoicingAgentScript);
	const workflow = readExample(EXAMPLE);
	workflowId = workflow.id;
	const model = workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi');
	const reference = model?.credentials?.openAiApi;
	if (!reference) throw new Error(`${EXAMPLE} has no OpenAI credential on its chat model`);
	// the example's own credential reference, with the stub as the OpenAI-compatible base URL
	({ n8n } = await startResidentN8n({
		baseUrl: sandbox.url,
		apiKey: API_KEY,
		workflows: [workflow],
		extraCredentials: [{ id: reference.id, name: reference.name, type: 'openAiApi', data: { apiKey: 'sk-stub', url: stub.baseUrl } }],
	}));
});

afterAll(async () => {
	await n8n?.stop();
	await stub?.close();
	await sandbox?.close();
});

test('6: an AI agent creates a client and an invoice through the Invoicing tools and reports the total the service computed', async () => {
	const started = Date.now();
	const run = await n8n.execute(workflowId);
	const seconds = (Date.now() - started) / 1000;
	saveArtifact('ai-agent-run.json', JSON.stringify({ run, chatRequests: stub.requests }, null, 2));
	expect(stub.errors).toEqual([]);
	expect(run.data.resultData.error?.message).toBeUndefined();
	expect(run.status).toBe('success');

	// the service holds exactly what the sentence asked for
	const state = sandbox.state();
	expect(state.clients.map((c) => [c.names, c.email])).toEqual([[AGENT_CLIENT.name, AGENT_CLIENT.email]]);
	expect(state.invoices).toHaveLength(1);
	const [invoice] = state.invoices;
	expect(invoice).toMatchObject({ invoice_no: AGENT_INVOICE.number, customer_id: state.clients[0].id, customer_name: AGENT_CLIENT.name, tax_rate: 10, currency: 'USD' });
	expect(invoice.items.map((i) => [i.description, Number(i.quantity), Number(i.rate)])).toEqual([['Consulting', 2, 150]]);
	const [created] = nodeOutput(run, 'Create Invoice', 'ai_tool');
	expect([created.id, created.sub_total, created.tax_amount, created.total]).toEqual([invoice.id, 300, 30, 330]);

	// the agent's answer carries the service's total, which the model only read from the Get Invoice result
	const [answer] = nodeOutput(run, 'AI Agent');
	expect(answer.output).toBe(`Done: client Acme Ltd created and invoice INV-AI-1 issued. Its total is 330 USD.`);

	// what the model saw: four calls, the three tools with their descriptions and $fromAI parameters, the results
	expect(stub.requests).toHaveLength(4);
	const offered = stub.requests[0].tools ?? [];
	const seen = offered.map((t) => [t.function.name, Object.keys(t.function.parameters?.properties ?? {}).sort()]);
	expect(seen.sort()).toEqual([
		['Create_Client', ['client_email', 'client_name']],
		['Create_Invoice', ['client_id', 'invoice_number', 'line_items', 'tax_rate_percent']],
		['Get_Invoice', ['invoice_id']],
	]);
	expect(messageText(stub.requests[0].messages.find((m) => m.role === 'user') ?? { role: 'user', content: '' })).toContain('INV-AI-1');
	const toolResults = stub.requests[3].messages.filter((m) => m.role === 'tool').map(messageText);
	expect(toolResults).toHaveLength(3);
	// each result is the tool node's output items as JSON: the client, the invoice, the simplified invoice
	expect(toolResults.map((text) => JSON.parse(text) as unknown)).toEqual([
		nodeOutput(run, 'Create Client', 'ai_tool'),
		nodeOutput(run, 'Create Invoice', 'ai_tool'),
		nodeOutput(run, 'Get Invoice', 'ai_tool'),
	]);
	expect(nodeOutput(run, 'Create Client', 'ai_tool')).toEqual([expect.objectContaining({ id: state.clients[0].id, names: 'Acme Ltd', action: 'created' })]);
	expect(nodeOutput(run, 'Get Invoice', 'ai_tool')).toEqual([
		{
			id: invoice.id,
			invoice_no: 'INV-AI-1',
			customer_id: state.clients[0].id,
			customer_name: 'Acme Ltd',
			payment_status: 'Not Paid',
			currency: 'USD',
			issue_date: invoice.issue_date,
			due_date: invoice.due_date,
			total: 330,
			amount_paid: '0.00',
			outstanding_balance: '330.00',
		},
	]);
	console.log(`ai-agent e2e: n8n execute of the agent workflow ${seconds.toFixed(0)} s; tool results the model saw:\n${toolResults.join('\n')}`);
});
