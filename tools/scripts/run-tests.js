#!/usr/bin/env node
// The project's test command, in this order: the real n8n versions the suites need (installed once into a cache
// outside the repository; a missing one installs in the background: the default version while the typecheck and
// the fast suite run, then the compatibility versions side by side while the end-to-end and queue-mode suites run;
// each suite waits only for the version it runs, so no test's time budget includes an install), a typecheck
// (ts-jest only transpiles), the fast suite (unit, description, sandbox contract, engine, scenarios, lint), the
// package's tarball built once for every real-n8n suite, the end-to-end suite inside real n8n, the queue-mode suite
// (n8n main + workers, Redis, Postgres; on the default version, so it runs while the compatibility versions may
// still install), then the compatibility step (the examples, the error check, the trigger, the AI agent and the
// HTTP Request credential on each other n8n version of tools/scripts/n8n/versions.json, then the engine facts on
// that version's n8n-core). One line says which n8n releases in the registry are beyond the matrix (never a failure).
// Ends with one plain line "tests: N passed, N failed" over all of them.
// Usage: node tools/scripts/run-tests.js [--fast-only]
'use strict';
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const tsNodeBin = join(root, 'node_modules', 'ts-node', 'dist', 'bin.js');
const versions = require('./n8n/versions.json');
const { failuresOf } = require('./test-failures');
const reportDir = mkdtempSync(join(tmpdir(), 'invoicing-tests-'));
/** The fast suite's Jest workers: both cores (Jest's default on a 2-core machine is one). */
const FAST_WORKERS = 2;

/**
 * A child process with this console as its output; resolves with its exit status. Not spawnSync: this process's
 * event loop must stay free while a suite runs, so that a finished install starts the next one at once.
 */
function run(args, env = process.env) {
	const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
	return new Promise((resolve) => child.on('close', (code) => resolve({ status: code })));
}

async function runSuite(name, extraArgs, env = {}) {
	const reportFile = join(reportDir, `${name.replace(/[^a-z0-9.-]+/gi, '-')}.json`);
	console.log(`\n=== ${name} suite ===`);
	const started = Date.now();
	const result = await run([jestBin, ...extraArgs, '--json', `--outputFile=${reportFile}`], { ...process.env, ...env });
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	let passed = 0;
	let failed = 0;
	let failures = [];
	try {
		const report = JSON.parse(readFileSync(reportFile, 'utf8'));
		passed = report.numPassedTests;
		failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
		failures = failuresOf(report, root).map((line) => `${name}: ${line}`);
	} catch {
		failed = 1;
	}
	if (result.status !== 0 && failed === 0) failed = 1;
	if (failed > 0 && failures.length === 0) failures = [`${name}: exit status ${result.status}, no test named (see the suite's output above)`];
	console.log(`=== ${name} suite: ${passed} passed, ${failed} failed in ${seconds} s ===`);
	return { passed, failed, failures };
}

async function typecheck() {
	console.log('=== typecheck (tsc -p tsconfig.dev.json) ===');
	const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
	const result = await run([tsc, '-p', 'tsconfig.dev.json']);
	const ok = result.status === 0;
	console.log(`=== typecheck: ${ok ? 'clean' : 'FAILED'} ===`);
	return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

/** A ts-node script of tools/scripts/n8n run in the background (its output on this console); resolves with its exit status. */
function background(script, args, stdout = 'inherit') {
	const child = spawn(process.execPath, [tsNodeBin, '--transpile-only', join('tools', 'scripts', 'n8n', script), ...args], { cwd: root, stdio: ['ignore', stdout, 'inherit'] });
	let output = '';
	child.stdout?.on('data', (chunk) => (output += chunk.toString()));
	return new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, output })));
}

/**
 * The n8n versions the suites run, installed if missing (a progress line at least every 15 s), in the background:
 * the default version first, then the compatibility versions side by side (a cold install is mostly download and
 * unpacking; one version at a time left the last one ready long after the suites that do not need it had ended).
 * Returns whether the default version is ready, and the same per compatibility version.
 */
function installN8n() {
	const all = [versions.default, ...versions.compat];
	console.log(`=== n8n ${all.join(', ')} (installed once into the cache, in the background; a cold install takes about 5-10 minutes per version) ===`);
	const started = Date.now();
	const report = (label, ok) => {
		console.log(`=== n8n ${label}: ${ok ? 'ready' : 'INSTALL FAILED'} after ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
		return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
	};
	const main = background('ensure-n8n.ts', [versions.default]).then(({ ok }) => ok);
	const compat = new Map(versions.compat.map((version) => [version, main.then(() => background('ensure-n8n.ts', [version])).then(({ ok }) => ok)]));
	// one check, as before: every version installed
	const done = Promise.all([main, ...compat.values()]).then((ready) => report(all.join(', '), ready.every(Boolean)));
	return { main, compat, done };
}

/** This checkout's tarball, built once: every real-n8n suite installs it (INVOICING_PACKAGE_TARBALL, see n8n/pack.ts). */
async function buildPackage() {
	console.log('=== package tarball (npm run build, npm pack: once for every real-n8n suite, in the background) ===');
	const { ok, output } = await background('pack.ts', [], 'pipe');
	const tarball = output.trim().split('\n').at(-1);
	if (ok && tarball) process.env.INVOICING_PACKAGE_TARBALL = tarball;
	console.log(ok ? `=== package tarball: ${tarball} ===` : '=== package tarball: BUILD FAILED (each suite builds its own) ===');
}

async function main() {
	const fastOnly = process.argv.includes('--fast-only');
	const suites = [];
	const installs = fastOnly ? undefined : installN8n();
	const newer = fastOnly ? undefined : background('newer-versions.ts', [], 'pipe');
	// the tarball builds beside the typecheck (which writes nothing); the fast suite's package test then checks that
	// same tarball instead of building its own in the same dist/ folder
	const packed = installs ? buildPackage() : undefined;
	suites.push(await typecheck());
	await packed;
	suites.push(await runSuite('fast', [`--maxWorkers=${FAST_WORKERS}`]));
	if (installs) {
		if (await installs.main) {
			suites.push(await runSuite('end-to-end', ['-c', 'jest.e2e.config.js', '--runInBand']));
			// n8n in queue mode (Postgres, Redis installed with apt-get when missing, main + 2 workers), on the default version
			suites.push(await runSuite('queue-mode', ['-c', 'jest.queue.config.js', '--runInBand']));
			for (const version of versions.compat) {
				if (!(await installs.compat.get(version))) continue;
				suites.push(await runSuite(`compatibility n8n ${version}`, ['-c', 'jest.compat.config.js', '--runInBand'], { INVOICING_N8N_VERSION: version }));
				suites.push(await runSuite(`engine facts on n8n ${version}`, ['-c', 'jest.engine-compat.config.js'], { INVOICING_N8N_VERSION: version }));
			}
		}
		suites.push(await installs.done);
		// never a failure: the registry's n8n releases beyond the matrix, in one line
		const { output } = await newer;
		console.log(`\n${output.trim().split('\n').at(-1) || 'n8n versions: the check printed nothing'}`);
	}
	rmSync(reportDir, { recursive: true, force: true });

	const passed = suites.reduce((sum, s) => sum + s.passed, 0);
	const failed = suites.reduce((sum, s) => sum + s.failed, 0);
	// what failed and why, last: a log read from its end says it (at most 20, each on one line)
	const failures = suites.flatMap((s) => s.failures ?? []);
	if (failures.length > 0) console.log(`\nfailed:\n${failures.slice(0, 20).map((line) => `- ${line.slice(0, 600)}`).join('\n')}${failures.length > 20 ? `\n- ... and ${failures.length - 20} more` : ''}`);
	console.log(`\ntests: ${passed} passed, ${failed} failed`);
	process.exit(failed === 0 ? 0 : 1);
}

main();
