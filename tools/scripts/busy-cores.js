#!/usr/bin/env node
// Runs a command while N busy-loop processes keep the machine's cores busy: CPU starvation on demand, to find
// what only fails on a loaded machine (a load test losing a round under load, for one). Bounded and always cleaned up:
// every busy process stops itself after --seconds (even if this script is killed), and this script stops them
// when the command ends, on Ctrl-C and on SIGTERM.
// Usage: node tools/scripts/busy-cores.js [--procs 2] [--seconds 180] [--runs 1] [--keep-going] [-- command args...]
//   Without a command it only keeps the cores busy for --seconds. With --runs R the command runs R times in a row,
//   each run under fresh busy processes; it stops at the first failing run unless --keep-going.
//   Ends with one line: "busy-cores: N of R runs passed".
'use strict';
const { spawn } = require('node:child_process');

const USAGE = 'usage: node tools/scripts/busy-cores.js [--procs N] [--seconds S] [--runs R] [--keep-going] [-- command args...]';

function parseArgs(argv) {
	const options = { procs: 2, seconds: 180, runs: 1, keepGoing: false, command: [] };
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		if (flag === '--') {
			options.command = argv.slice(i + 1);
			break;
		}
		if (flag === '--keep-going') {
			options.keepGoing = true;
			continue;
		}
		const name = { '--procs': 'procs', '--seconds': 'seconds', '--runs': 'runs' }[flag];
		const value = Number(argv[++i]);
		if (!name || !Number.isInteger(value) || value < 1) throw new Error(`${flag}: unknown option or not a whole number of 1 or more\n${USAGE}`);
		options[name] = value;
	}
	// bounds: this script is run on machines shared with others
	if (options.procs > 16 || options.seconds > 3600 || options.runs > 100) throw new Error(`at most 16 processes, 3600 s per run and 100 runs\n${USAGE}`);
	return options;
}

/** One busy loop that ends itself after `seconds`, whatever happens to its parent. */
function startBusy(seconds) {
	const loop = `const end = Date.now() + ${seconds * 1000}; let x = 0; while (Date.now() < end) x = (x + 1) % 1e9;`;
	return spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
}

let busy = [];

function stopBusy() {
	for (const child of busy) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	busy = [];
}

function runCommand(command) {
	return new Promise((resolve) => {
		const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
		const forward = (signal) => child.kill(signal);
		process.on('SIGTERM', forward);
		child.on('exit', (code, signal) => {
			process.off('SIGTERM', forward);
			resolve(code === 0 && signal === null);
		});
		child.on('error', (error) => {
			console.error(`busy-cores: ${error.message}`);
			resolve(false);
		});
	});
}

async function main() {
	const options = parseArgs(process.argv.slice(2));
	process.on('exit', stopBusy);
	process.on('SIGINT', () => process.exit(130));
	process.on('SIGTERM', () => {
		stopBusy();
		setTimeout(() => process.exit(143), 100);
	});
	if (options.command.length === 0) {
		busy = Array.from({ length: options.procs }, () => startBusy(options.seconds));
		console.log(`busy-cores: ${options.procs} busy processes for ${options.seconds} s`);
		await Promise.all(busy.map((child) => new Promise((resolve) => child.on('exit', resolve))));
		return;
	}
	let passed = 0;
	let run = 0;
	while (run < options.runs) {
		run += 1;
		busy = Array.from({ length: options.procs }, () => startBusy(options.seconds));
		const started = Date.now();
		const ok = await runCommand(options.command);
		stopBusy();
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		console.log(`busy-cores: run ${run} of ${options.runs} ${ok ? 'passed' : 'FAILED'} (${seconds} s, ${options.procs} busy processes)`);
		if (ok) passed += 1;
		else if (!options.keepGoing) break;
	}
	console.log(`busy-cores: ${passed} of ${run} runs passed${run < options.runs ? ` (stopped at the first failure; ${options.runs} asked)` : ''}`);
	process.exitCode = passed === run ? 0 : 1;
}

main().catch((error) => {
	stopBusy();
	console.error(error.message);
	process.exit(2);
});
