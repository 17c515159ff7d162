#!/usr/bin/env node
// Makes `npm start`, `npm run demo` and `npm test` work on a fresh clone: installs the dev toolchain when
// node_modules is missing or was installed from another package-lock.json. Plain Node, no dependencies.
// `npm install`, not `npm ci`: npm 11 leaves optional platform packages of unrs-resolver out of the lock,
// and `npm ci` then refuses it; `npm install` still installs the locked versions.
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
	console.log('[bootstrap] installing dev dependencies (npm install, pinned by package-lock.json) ...');
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
	if (result.status !== 0) {
		console.error('[bootstrap] npm install failed; see the output above.');
		process.exit(result.status ?? 1);
	}
	writeFileSync(stampFile, lockHash());
}
