#!/usr/bin/env node
// The project's test command, in this order: the real n8n versions the suites need (installed once into a cache
// outside the repository, before any suite, so no test's time budget includes an install), a typecheck (ts-jest
// only transpiles), the fast suite (unit, description, sandbox contract, engine, lint), the end-to-end suite inside
// real n8n, the compatibility step (the examples, the error check, the trigger and the AI agent on each other n8n
// version of tools/scripts/n8n/versions.json, then the engine facts on that version's n8n-core), then the
// queue-mode suite (n8n main + workers, Redis, Postgres).
// Ends with one plain line "tests: N passed, N failed" over all of them.
// Usage: node tools/scripts/run-tests.js [--fast-only]
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const tsNodeBin = join(root, 'node_modules', 'ts-node', 'dist', 'bin.js');
const versions = require('./n8n/versions.json');
const reportDir = mkdtempSync(join(tmpdir(), 'invoicing-tests-'));

function runSuite(name, extraArgs, env = {}) {
	const reportFile = join(reportDir, `${name.replace(/[^a-z0-9.-]+/gi, '-')}.json`);
	console.log(`\n=== ${name} suite ===`);
	const started = Date.now();
	const result = spawnSync(process.execPath, [jestBin, ...extraArgs, '--json', `--outputFile=${reportFile}`], {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	});
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	let passed = 0;
	let failed = 0;
	try {
		const report = JSON.parse(readFileSync(reportFile, 'utf8'));
		passed = report.numPassedTests;
		failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
	} catch {
		failed = 1;
	}
	if (result.status !== 0 && failed === 0) failed = 1;
	console.log(`=== ${name} suite: ${passed} passed, ${failed} failed in ${seconds} s ===`);
	return { passed, failed };
}

function typecheck() {
	console.log('=== typecheck (tsc -p tsconfig.dev.json) ===');
	const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
	const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.dev.json'], { cwd: root, stdio: 'inherit' });
	const ok = result.status === 0;
	console.log(`=== typecheck: ${ok ? 'clean' : 'FAILED'} ===`);
	return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

/** Every n8n version the suites run, installed now if missing (a progress line at least every 15 s). */
function installN8n() {
	const all = [versions.default, ...versions.compat];
	console.log(`=== n8n ${all.join(', ')} (installed once into the cache; a cold install takes about 5-10 minutes per version) ===`);
	const started = Date.now();
	const result = spawnSync(process.execPath, [tsNodeBin, '--transpile-only', join('tools', 'scripts', 'n8n', 'ensure-n8n.ts'), '--all'], { cwd: root, stdio: 'inherit' });
	const ok = result.status === 0;
	console.log(`=== n8n: ${ok ? 'ready' : 'INSTALL FAILED'} after ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
	return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

const fastOnly = process.argv.includes('--fast-only');
const suites = [];
const n8n = fastOnly ? undefined : installN8n();
if (n8n) suites.push(n8n);
suites.push(typecheck(), runSuite('fast', []));
if (n8n && n8n.failed === 0) {
	suites.push(runSuite('end-to-end', ['-c', 'jest.e2e.config.js', '--runInBand']));
	for (const version of versions.compat) {
		suites.push(runSuite(`compatibility n8n ${version}`, ['-c', 'jest.compat.config.js', '--runInBand'], { INVOICING_N8N_VERSION: version }));
		suites.push(runSuite(`engine facts on n8n ${version}`, ['-c', 'jest.engine-compat.config.js'], { INVOICING_N8N_VERSION: version }));
	}
	// last: n8n in queue mode (Postgres, Redis installed with apt-get when missing, main + 2 workers, about 6.5 minutes)
	suites.push(runSuite('queue-mode', ['-c', 'jest.queue.config.js', '--runInBand']));
}
rmSync(reportDir, { recursive: true, force: true });

const passed = suites.reduce((sum, s) => sum + s.passed, 0);
const failed = suites.reduce((sum, s) => sum + s.failed, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
