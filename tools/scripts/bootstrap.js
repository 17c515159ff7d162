#!/usr/bin/env node
// Makes `npm start`, `npm run demo` and `npm test` work on a fresh clone: installs the dev toolchain when
// node_modules is missing or was installed from another package-lock.json. Plain Node, no dependencies.
// `npm ci --ignore-scripts`: exactly the locked versions, as CI and the release workflow install them, with no
// dependency's install script: on Node 20 isolated-vm's native build (through n8n-workflow) fails, and
// eslint-plugin-n8n-nodes-base's preinstall runs `npx only-allow pnpm`. npm 11.19 reads the same denial from
// package.json's allowScripts; older npm does not, hence the flag. The project's own prepack still runs. unrs-resolver (through @n8n/node-cli's
// eslint resolver) is pinned as a dev dependency to 1.9.2, whose platform bindings the registry serves in full, so
// the lock records all of them and `npm ci` accepts it (with 1.13.0 only 4 of 19 could be resolved here).
'use strict';
const { spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const lockFile = join(root, 'package-lock.json');
const stampFile = join(root, 'node_modules', '.invoicing-install-stamp');

function lockHash() {
	return createHash('sha256').update(readFileSync(lockFile)).digest('hex');
}

function installIsCurrent() {
	return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === lockHash();
}

// npm ci prints nothing for a minute or two: a line every 10 s says it is still going. Its EBADENGINE warnings are
// left out: isolated-vm (through n8n-workflow, a dev dependency) declares node >=24, but its install script never
// runs here (denied) and nothing in the tests loads it; n8n itself runs on the Node 24 the harness fetches.
function isEngineWarning(line) {
	return /^npm warn EBADENGINE\b/.test(line);
}

function install() {
	return new Promise((resolve) => {
		console.log('[bootstrap] installing dev dependencies (npm ci, pinned by package-lock.json; about 2 minutes) ...');
		const started = Date.now();
		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		const child = spawn(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
		const ticker = setInterval(() => console.log(`[bootstrap] ... still installing: ${Math.round((Date.now() - started) / 1000)} s so far`), 10_000);
		const forward = (stream, out) => {
			let rest = '';
			stream.on('data', (chunk) => {
				const lines = (rest + chunk.toString()).split('\n');
				rest = lines.pop();
				for (const line of lines) if (!isEngineWarning(line)) out.write(`${line}\n`);
			});
			stream.on('end', () => {
				if (rest && !isEngineWarning(rest)) out.write(`${rest}\n`);
			});
		};
		forward(child.stdout, process.stdout);
		forward(child.stderr, process.stderr);
		child.on('close', (code) => {
			clearInterval(ticker);
			if (code === 0) console.log(`[bootstrap] dev dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
			resolve(code ?? 1);
		});
	});
}

if (!installIsCurrent()) {
	install().then((code) => {
		if (code !== 0) {
			console.error('[bootstrap] npm ci failed; see the output above.');
			process.exit(code);
		}
		writeFileSync(stampFile, lockHash());
	});
}
