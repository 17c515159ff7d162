#!/usr/bin/env node
// The project's test command: the fast suite (unit, description, sandbox contract, engine, lint), then the
// end-to-end suite inside real n8n, then the queue-mode suite (n8n main + workers, Redis, Postgres), after a typecheck (ts-jest only transpiles). Ends with one plain line "tests: N passed, N failed" over all of them.
// Usage: node scripts/run-tests.js [--fast-only]
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const reportDir = mkdtempSync(join(tmpdir(), 'invoicing-tests-'));

function runSuite(name, extraArgs) {
	const reportFile = join(reportDir, `${name}.json`);
	console.log(`\n=== ${name} suite ===`);
	const started = Date.now();
	const result = spawnSync(process.execPath, [jestBin, ...extraArgs, '--json', `--outputFile=${reportFile}`], {
		cwd: root,
		stdio: 'inherit',
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

const suites = [typecheck(), runSuite('fast', [])];
if (!process.argv.includes('--fast-only')) {
	suites.push(runSuite('end-to-end', ['-c', 'jest.e2e.config.js', '--runInBand']));
	// last: n8n in queue mode (Postgres, Redis installed with apt-get when missing, main + 2 workers, about 6.5 minutes)
	suites.push(runSuite('queue-mode', ['-c', 'jest.queue.config.js', '--runInBand']));
}
rmSync(reportDir, { recursive: true, force: true });

const passed = suites.reduce((sum, s) => sum + s.passed, 0);
const failed = suites.reduce((sum, s) => sum + s.failed, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
