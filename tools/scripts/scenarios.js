#!/usr/bin/env node
// Runs the generated fault scenarios of test/scenarios/.
// Usage: npm run test:scenarios -- [--runs N] [--seed S] [--path P]
//   --runs N         how many scenarios (300 when omitted, as in the fast suite)
//   --seed S         the seed (the fast suite's fixed one when omitted)
//   --seed S --path P  replays the one (shrunk) scenario a failure printed
//   --shrink         with --path: shrinks it further (for the unshrunk paths of a survey)
//   --survey FILE    writes every counter-example to FILE (JSON lines) and goes on, without shrinking
//   --at-once N      scenarios run ahead at once (4 when omitted; 1: one after another); same draws, same verdicts
//   --processes 1    executions at once all in one n8n process (by default a quarter of them run across two, as queue workers)
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const args = process.argv.slice(2);
const env = { ...process.env };
const names = { '--runs': 'INVOICING_SCENARIO_RUNS', '--seed': 'INVOICING_SCENARIO_SEED', '--path': 'INVOICING_SCENARIO_PATH', '--survey': 'INVOICING_SCENARIO_SURVEY', '--at-once': 'INVOICING_SCENARIO_AT_ONCE', '--processes': 'INVOICING_SCENARIO_PROCESSES' };
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--shrink') {
		env.INVOICING_SCENARIO_SHRINK = '1';
		continue;
	}
	const [flag, inline] = args[i].split('=');
	const name = names[flag];
	const value = inline ?? args[++i];
	if (!name || value === undefined || value === '') {
		console.error(`Unknown or empty option "${args[i] ?? flag}". Usage: npm run test:scenarios -- [--runs N] [--seed S] [--path P]`);
		process.exit(2);
	}
	env[name] = value;
}
const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, [jest, 'test/scenarios/scenarios.test.ts'], { cwd: root, stdio: 'inherit', env });
process.exit(result.status ?? 1);
