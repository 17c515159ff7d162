/**
 * The Invoicing Trigger inside a running `n8n start`: the example workflow 5 published, its first poll (at
 * activation) records the baseline, an invoice goes overdue in the sandbox, the next poll (every 5 s: twelve poll
 * times, see POLL_TIMES) starts an execution whose output is read back through n8n's REST API. The same running n8n then
 * shows which node types it offers the editor: the Invoicing Tool with the tool's own description.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { todayIn } from '../../nodes/shared/dates';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { N8N_BIN, N8N_DIR, N8N_MAJOR, N8N_NODE_BIN } from '../../tools/scripts/n8n/config';
import { ensureN8n } from '../../tools/scripts/n8n/ensure-n8n';
import { readExample, startResidentN8n } from '../../tools/scripts/n8n/harness';
import { n8nEnvironment } from '../../tools/scripts/n8n/n8n-cli';
import { Service, shiftDate } from '../trigger/service';
import { freePort } from '../../tools/scripts/n8n/free-port';

const API_KEY = 'e2e-trigger-key';
const OWNER = { email: 'trigger-e2e@invoicing.local', password: 'Trigger-e2e-1' };
const BROWSER_ID = 'invoicing-trigger-e2e';
const DEADLINE_MS = 3 * 60 * 1000;
/**
 * A poll every 5 s: twelve Custom poll times, each at one fixed second of every minute. n8n refuses one poll time that
 * fires more than once a minute (2.4x: a seconds field that is not a single number, n8n-workflow isSubMinuteCron;
 * 1.x: a `*` in it), but checks each poll time on its own and registers each as its own cron.
 */
const POLL_TIMES = { item: Array.from({ length: 12 }, (_, i) => i * 5).map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };
/** Between two looks at the sandbox or at n8n's REST API while waiting for something. */
const PROBE_MS = 500;

interface Execution {
	id: string;
	status: string;
}

type RunData = Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> }; error?: { message: string } }>>;

let sandbox: Sandbox;
let n8n: ChildProcess | undefined;
/** The running n8n's REST API once the owner is logged in (the last test reads the node types from it). */
let loggedIn: N8nRest | undefined;
let log = '';

async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>): Promise<T> {
	while (Date.now() < deadline) {
		const value = await probe().catch(() => undefined);
		if (value !== undefined) return value;
		await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
	}
	throw new Error(`Timed out waiting for ${what}. n8n's log ends with:\n${log.slice(-4000)}`);
}

/** n8n's REST API as the owner (the auth cookie is bound to the browser id sent at login). */
class N8nRest {
	private cookie = '';
	private ownerReady = false;

	constructor(private readonly base: string) {}

	/**
	 * n8n 1.x has no owner from the environment (2.x: N8N_INSTANCE_OWNER_*): the owner is set up once through the
	 * REST API, as the editor's first screen does.
	 */
	async setUpOwner(): Promise<void> {
		if (N8N_MAJOR >= 2 || this.ownerReady) return;
		const response = await fetch(`${this.base}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ email: OWNER.email, firstName: 'Trigger', lastName: 'Test', password: OWNER.password }),
		});
		if (!response.ok) throw new Error(`owner setup: HTTP ${response.status} ${await response.text()}`);
		this.ownerReady = true;
	}

	async login(): Promise<void> {
		const response = await fetch(`${this.base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!response.ok) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
		this.cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
	}

	/** A file the editor loads, e.g. /types/nodes.json (every node description n8n offers, behind the login). */
	async file<T>(path: string): Promise<T> {
		const response = await fetch(`${this.base}${path}`, { headers: { cookie: this.cookie, 'browser-id': BROWSER_ID } });
		if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
		return (await response.json()) as T;
	}

	async get<T>(path: string): Promise<T> {
		const response = await fetch(`${this.base}/rest${path}`, { headers: { cookie: this.cookie, 'browser-id': BROWSER_ID } });
		if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
		return ((await response.json()) as { data: T }).data;
	}
}

afterAll(async () => {
	if (n8n && n8n.exitCode === null) {
		n8n.kill('SIGTERM');
		await new Promise((resolve) => n8n?.once('exit', resolve));
	}
	await sandbox?.close();
});

test('a published workflow with the Invoicing Trigger runs once when an invoice becomes overdue', async () => {
	// a first-time install of n8n (minutes) is no part of this test's deadline; npm test installs before any suite
	await ensureN8n();
	const started = Date.now();
	const deadline = started + DEADLINE_MS + 5 * 60 * 1000; // setup (build, pack, imports) comes on top of the 3 minutes
	sandbox = await startSandbox({ apiKey: API_KEY });
	const service = new Service(sandbox, API_KEY);
	const client = await service.client('Acme Ltd', 'billing@acme.example');
	const alreadyOverdue = await service.invoice(client, 'INV-OLD', { issue_date: shiftDate(todayIn('UTC'), -30), due_date: shiftDate(todayIn('UTC'), -3) });

	const example = readExample('5-invoice-overdue-resend.json');
	const workflow = {
		...example,
		nodes: example.nodes.map((node) => (node.name === 'Invoice Overdue' ? { ...node, parameters: { ...node.parameters, pollTimes: POLL_TIMES } } : node)),
	};
	const port = await freePort();
	const env = {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: '',
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Trigger',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Test',
	};
	// imports and publishing in one n8n CLI process, which ends before `n8n start` opens the same database
	const { userFolder, n8n: cli } = await startResidentN8n({ baseUrl: sandbox.url, apiKey: API_KEY, workflows: [workflow], env });
	await cli.publishWorkflow(workflow.id).finally(() => cli.stop());
	const bcrypt = require(join(N8N_DIR, 'node_modules', 'bcryptjs')) as { hashSync(text: string, rounds: number): string };
	env.N8N_INSTANCE_OWNER_PASSWORD_HASH = bcrypt.hashSync(OWNER.password, 10);

	const setupDone = Date.now();
	n8n = spawn(N8N_NODE_BIN, [N8N_BIN, 'start'], { env: n8nEnvironment(userFolder, env), stdio: ['ignore', 'pipe', 'pipe'] });
	n8n.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
	n8n.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
	sandbox.clearRequests();
	const runDeadline = Math.min(deadline, setupDone + DEADLINE_MS);
	// activation runs the first poll (the baseline): the sandbox sees the trigger list the invoices
	await until('the workflow to be activated (its first poll is the baseline)', runDeadline, async () =>
		sandbox.requests().some((r) => r.method === 'GET' && r.path === '/v1/invoice/all') ? true : undefined,
	);
	const activated = Date.now();
	const overdue = await service.invoice(client, 'INV-LATE', { issue_date: shiftDate(todayIn('UTC'), -30), due_date: shiftDate(todayIn('UTC'), -1) });

	const rest = new N8nRest(`http://127.0.0.1:${port}`);
	await until('n8n to accept the owner login', runDeadline, async () => (await rest.setUpOwner(), await rest.login(), true));
	loggedIn = rest;
	const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
	const finished = await until('an execution of the published workflow', runDeadline, async () => {
		const { results } = await rest.get<{ results: Execution[] }>(`/executions?filter=${filter}`);
		return results.find((e) => e.status !== 'running' && e.status !== 'new');
	});
	const executionSeconds = (Date.now() - activated) / 1000;

	const detail = await rest.get<{ data: string; status: string; mode: string }>(`/executions/${finished.id}`);
	const { parse } = require(join(N8N_DIR, 'node_modules', 'flatted')) as { parse(text: string): { resultData: { runData: RunData } } };
	const runData = parse(detail.data).resultData.runData;
	const output = (node: string) => (runData[node]?.[0]?.data?.main[0] ?? []).map((item) => item.json);

	expect([detail.status, detail.mode]).toEqual(['success', 'trigger']);
	// the invoice that was already overdue at publishing is baseline: only the new one comes
	expect(output('Invoice Overdue')).toEqual([
		expect.objectContaining({ event: 'invoiceOverdue', id: overdue, invoice_no: 'INV-LATE', customer_id: client, payment_status: 'Not Paid', payments: [], send_log: [] }),
	]);
	expect(output('Invoice Overdue')[0].detectedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
	expect(output('Send Invoice Again')).toEqual([
		expect.objectContaining({ success: true, id: overdue, message: 'Invoice was successfully sent.', email: 'billing@acme.example', send_log: [expect.objectContaining({ email: 'billing@acme.example' })] }),
	]);
	const state = sandbox.state();
	expect(state.invoices.find((i) => i.id === overdue)?.send_log.map((s) => s.email)).toEqual(['billing@acme.example']);
	expect(state.invoices.find((i) => i.id === alreadyOverdue)?.send_log).toEqual([]);
	// exactly one execution: the event is not repeated by the polls after it (two more polls: the first of them has
	// finished, and started any execution it would start, by the time the second lists the invoices)
	const polls = () => sandbox.requests().filter((r) => r.method === 'GET' && r.path === '/v1/invoice/all').length;
	const pollsSoFar = polls();
	await until('two more polls after the execution', runDeadline, async () => (polls() >= pollsSoFar + 2 ? true : undefined));
	const { results } = await rest.get<{ results: Execution[] }>(`/executions?filter=${filter}`);
	expect(results).toHaveLength(1);
	console.log(
		`trigger e2e: setup (build, pack, import, publish) ${((setupDone - started) / 1000).toFixed(0)} s, n8n start to activation ${((activated - setupDone) / 1000).toFixed(0)} s, change to finished execution ${executionSeconds.toFixed(0)} s, total ${((Date.now() - started) / 1000).toFixed(0)} s`,
	);
}, 12 * 60 * 1000);

test("the running n8n offers the Invoicing Tool with the tool's own description (usableAsTool's object form)", async () => {
	if (!loggedIn) throw new Error('n8n did not start: see the test above');
	const types = await loggedIn.file<Array<{ name: string; displayName: string; description: string; outputs?: unknown }>>('/types/nodes.json');
	const node = types.find((type) => type.name === 'n8n-nodes-invoicing.invoicing');
	const tool = types.find((type) => type.name === 'n8n-nodes-invoicing.invoicingTool');
	const { description, usableAsTool } = new Invoicing().description;
	const toolDescription = typeof usableAsTool === 'object' ? usableAsTool.replacements?.description : undefined;
	expect(toolDescription).toEqual(expect.stringContaining('Invoicing Service'));
	expect(node).toMatchObject({ displayName: 'Invoicing', description });
	expect(tool).toMatchObject({ displayName: 'Invoicing Tool', description: toolDescription, outputs: ['ai_tool'] });
});

test('the running n8n offers the Invoicing API credential in the HTTP Request node (Predefined Credential Type)', async () => {
	if (!loggedIn) throw new Error('n8n did not start: see the first test');
	// the editor's rule for the HTTP Request node's Credential Type (credentialTypes: has:authenticate, extends OAuth):
	// a type with `authenticate`, not hidden, not restricted to other nodes
	const types = await loggedIn.file<Array<{ name: string; authenticate?: unknown; hidden?: boolean; restrictToSupportedNodes?: boolean; genericAuth?: boolean }>>(
		'/types/credentials.json',
	);
	const credential = types.find((type) => type.name === 'invoicingApi');
	expect(credential).toBeDefined();
	expect([credential?.authenticate !== undefined, credential?.hidden ?? false, credential?.restrictToSupportedNodes ?? false, credential?.genericAuth ?? false]).toEqual([
		true,
		false,
		false,
		false,
	]);
});
