/**
 * What `npm start` runs, as a reusable piece: the sandbox with demo data and real n8n (`n8n start`) with this
 * package, the "Invoicing account" credential, the example workflows and a local owner login, both on loopback.
 * Used by tools/scripts/start.ts and by the browser test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { CACHE_ROOT, N8N_BIN, N8N_DIR, N8N_NODE_BIN, READY_MARKER } from './config';
import { copyExampleData, exampleFiles, readExample, setUpN8n } from './harness';
import { n8nEnvironment, type CredentialFile } from './n8n-cli';
import { listedInOrder, withDataDir } from './workflows';
import { step } from './progress';

export const DEMO_API_KEY = 'demo-key';
export const DEMO_OWNER = { email: 'demo@invoicing.local', password: 'Invoicing-demo-1' };

export interface EditorOptions {
	/** Folder for the demo book, n8n's user folder, the files the examples read and write, and n8n's log. */
	home: string;
	n8nPort: number;
	sandboxPort: number;
	/** Where progress lines go (a line at least every 10 s while installing and starting); console.log by default. */
	log?: (line: string) => void;
	/** Called when n8n exits without stop() having been called. */
	onUnexpectedExit?: (code: number | null) => void;
	/** Credentials imported beside the Invoicing one, e.g. an e-invoice seller. */
	extraCredentials?: CredentialFile[];
}

export interface RunningEditor {
	editorUrl: string;
	sandbox: Sandbox;
	logFile: string;
	workflowCount: number;
	stop(): Promise<void>;
}

/** bcrypt hash of the demo owner's password, made with the bcryptjs that n8n itself ships. */
function ownerPasswordHash(): string {
	const bcrypt = require(join(N8N_DIR, 'node_modules', 'bcryptjs')) as { hashSync(text: string, rounds: number): string };
	return bcrypt.hashSync(DEMO_OWNER.password, 10);
}

/** The last lines of n8n's log, so a failed start says why on the console. */
export function logTail(logFile: string, lines = 15): string {
	try {
		return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log written)';
	}
}

async function waitForHealth(url: string, n8n: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (n8n.exitCode !== null) throw new Error(`n8n stopped while starting (exit ${n8n.exitCode}). The end of its log (${logFile}):\n${logTail(logFile)}`);
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	throw new Error(`n8n did not answer ${url} within ${timeoutMs / 1000} s. The end of its log (${logFile}):\n${logTail(logFile)}`);
}

export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
	const { home, n8nPort, sandboxPort } = options;
	const userFolder = join(home, 'n8n-user');
	const filesRoot = join(home, 'n8n-files');
	const dataDir = join(filesRoot, 'invoicing');
	mkdirSync(dataDir, { recursive: true });
	copyExampleData(dataDir, { keepExisting: true });

	const sandbox = await startSandbox({ port: sandboxPort, apiKey: DEMO_API_KEY, seed: 'demo', dataFile: join(home, 'demo-book.json') });
	const env = {
		N8N_RESTRICT_FILE_ACCESS_TO: filesRoot,
		N8N_PORT: String(n8nPort),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: DEMO_OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: '',
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Demo',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Owner',
	};
	const workflows = listedInOrder(exampleFiles().map((file) => withDataDir(readExample(file), dataDir)));
	let n8n: ChildProcess | undefined;
	let stopping = false;
	const stop = async () => {
		stopping = true;
		if (n8n && n8n.exitCode === null) {
			n8n.kill('SIGTERM');
			await new Promise((resolve) => n8n?.once('exit', resolve));
		}
		await sandbox.close();
	};
	try {
		const progressLog = options.log;
		const setUp = existsSync(READY_MARKER)
			? 'Building the package and loading it, the credential and the example workflows into n8n'
			: `Installing n8n into ${CACHE_ROOT} (first start only, about 5 minutes), then loading the package, the credential and the examples`;
		await step(setUp, () => setUpN8n({ baseUrl: sandbox.url, apiKey: DEMO_API_KEY, workflows, userFolder, env, extraCredentials: options.extraCredentials }), { log: progressLog });
		env.N8N_INSTANCE_OWNER_PASSWORD_HASH = ownerPasswordHash();

		const logFile = join(home, 'n8n.log');
		const child = spawn(N8N_NODE_BIN, [N8N_BIN, 'start'], { env: n8nEnvironment(userFolder, env), stdio: ['ignore', 'pipe', 'pipe'] });
		n8n = child;
		const log = createWriteStream(logFile);
		child.stdout.pipe(log);
		child.stderr.pipe(log);
		child.once('exit', (code) => {
			if (!stopping) options.onUnexpectedExit?.(code);
		});
		// /healthz answers before the editor's pages are served: wait for the sign-in page too
		await step(
			`Starting n8n on port ${n8nPort} (log: ${logFile})`,
			async () => {
				await waitForHealth(`http://127.0.0.1:${n8nPort}/healthz`, child, logFile, 180_000);
				await waitForHealth(`http://127.0.0.1:${n8nPort}/signin`, child, logFile, 120_000);
			},
			{ log: progressLog },
		);
		return { editorUrl: `http://127.0.0.1:${n8nPort}`, sandbox, logFile, workflowCount: workflows.length, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}
