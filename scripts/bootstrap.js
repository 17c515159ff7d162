#!/usr/bin/env node
// Makes `npm start`, `npm run demo` and `npm test` work on a fresh clone: installs the dev toolchain when
// node_modules is missing or was installed from another package-lock.json. Plain Node, no dependencies.
// `npm ci`: exactly the locked versions, as CI and the release workflow install them. Install scripts stay off
// (.npmrc ignore-scripts=true): on Node 20 isolated-vm's native build (through n8n-workflow) fails, and
// eslint-plugin-n8n-nodes-base's preinstall runs `npx only-allow pnpm`. unrs-resolver (through @n8n/node-cli's
// eslint resolver) is pinned as a dev dependency to 1.9.2, whose platform bindings the registry serves in full, so
// the lock records all of them and `npm ci` accepts it (with 1.13.0 only 4 of 19 could be resolved here).
'use strict';
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const lockFile = join(root, 'package-lock.json');
const stampFile = join(root, 'node_modules', '.invoicing-install-stamp');

function lockHash() {
	return createHash('sha256').update(readFileSync(lockFile)).digest('hex');
}

function installIsCurrent() {
	return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === lockHash();
}

if (!installIsCurrent()) {
	console.log('[bootstrap] installing dev dependencies (npm ci, pinned by package-lock.json) ...');
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
	if (result.status !== 0) {
		console.error('[bootstrap] npm ci failed; see the output above.');
		process.exit(result.status ?? 1);
	}
	writeFileSync(stampFile, lockHash());
}
