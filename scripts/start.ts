/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
/**
 * `npm start`: the sandbox with demo data and real n8n with this package, a ready credential, the example
 * workflows and a local owner account. Prints the URLs and the login; runs until Ctrl-C, then stops both.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSandbox } from '../sandbox';
import { CACHE_ROOT, N8N_BIN, N8N_DIR, N8N_NODE_BIN, READY_MARKER } from './n8n/config';
import { EXAMPLES_DIR, exampleFiles, readExample, setUpN8n } from './n8n/harness';
import { n8nEnvironment } from './n8n/n8n-cli';
import { withDataDir } from './n8n/workflows';
import { assertPortFree, readStartOptions, resetDemo } from './start-options';

const API_KEY = 'demo-key';
const OWNER = { email: 'demo@invoicing.local', password: 'Invoicing-demo-1' };

/** bcrypt hash of the demo owner's password, made with the bcryptjs that n8n itself ships. */
function ownerPasswordHash(): string {
	const bcrypt = require(join(N8N_DIR, 'node_modules', 'bcryptjs')) as { hashSync(text: string, rounds: number): string };
	return bcrypt.hashSync(OWNER.password, 10);
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	throw new Error(`n8n did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** The last lines of n8n's log, so a failed start says why on the console. */
function logTail(logFile: string, lines = 15): string {
	try {
		return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log written)';
	}
}

async function main(): Promise<void> {
	const { n8nPort, sandboxPort, reset } = readStartOptions();
	const home = join(CACHE_ROOT, 'local-demo');
	const userFolder = join(home, 'n8n-user');
	const filesRoot = join(home, 'n8n-files');
	const dataDir = join(filesRoot, 'invoicing');
	if (reset) {
		resetDemo([join(home, 'demo-book.json'), userFolder, filesRoot]);
		console.log('Demo data reset: fresh demo book, n8n user folder and files.');
	}
	await assertPortFree(sandboxPort, 'the sandbox', 'sandbox-port');
	await assertPortFree(n8nPort, 'n8n', 'n8n-port');
	mkdirSync(dataDir, { recursive: true });
	if (!existsSync(join(dataDir, 'invoices.csv'))) copyFileSync(join(EXAMPLES_DIR, 'data', 'invoices.csv'), join(dataDir, 'invoices.csv'));

	const sandbox = await startSandbox({ port: sandboxPort, apiKey: API_KEY, seed: 'demo', dataFile: join(home, 'demo-book.json') });
	console.log(`Sandbox of the Invoicing API: ${sandbox.url} (API key ${API_KEY}, data kept in ${join(home, 'demo-book.json')})`);

	const env = {
		N8N_RESTRICT_FILE_ACCESS_TO: filesRoot,
		N8N_PORT: String(n8nPort),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: '',
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Demo',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Owner',
	};
	const workflows = exampleFiles().map((file) => withDataDir(readExample(file), dataDir));
	if (!existsSync(READY_MARKER)) console.log(`Installing n8n into ${CACHE_ROOT} (first start only, about 5 minutes) ...`);
	await setUpN8n({ baseUrl: sandbox.url, apiKey: API_KEY, workflows, userFolder, env });
	env.N8N_INSTANCE_OWNER_PASSWORD_HASH = ownerPasswordHash();

	const logFile = join(home, 'n8n.log');
	const n8n = spawn(N8N_NODE_BIN, [N8N_BIN, 'start'], { env: n8nEnvironment(userFolder, env), stdio: ['ignore', 'pipe', 'pipe'] });
	const log = createWriteStream(logFile);
	n8n.stdout.pipe(log);
	n8n.stderr.pipe(log);

	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the sandbox ...');
		n8n.kill('SIGTERM');
		await new Promise((resolve) => (n8n.exitCode === null ? n8n.once('exit', resolve) : resolve(undefined)));
		await sandbox.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	n8n.once('exit', (code) => {
		if (!stopping) {
			console.error(`n8n stopped unexpectedly (exit ${code}). The end of its log (${logFile}):\n${logTail(logFile)}`);
			void stop(1);
		}
	});

	await waitForHealth(`http://127.0.0.1:${n8nPort}/healthz`, 180_000);
	console.log(
		[
			'',
			`n8n editor:   http://127.0.0.1:${n8nPort}  (sign in as ${OWNER.email} / ${OWNER.password})`,
			`Sandbox API:  ${sandbox.url}`,
			`Ready: the credential "Invoicing account" and the ${workflows.length} example workflows are in n8n. Ctrl-C stops both.`,
			'Demo data is kept between starts; `npm start -- --reset` starts afresh.',
			`n8n's log:    ${logFile}`,
		].join('\n'),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
