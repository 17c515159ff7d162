// `n8n execute` kept running: n8n's own `execute` command (its class, its init, its run) started once and then run
// for one workflow after another, instead of one n8n start-up (4-6 s) per run. Started by N8nCli.resident() with
// n8n's Node 24 and n8n's environment: argv[2] is n8n's package folder. Each line on standard input is a request
// {"id": workflow id, "out": file}; the run data `n8n execute --rawOutput` would print (the same object, from the
// same WorkflowRunner run in mode "cli") is written to that file as {"run": ...}, or {"error": message} when the
// command failed without run data, and the line "done" goes to file descriptor 3. Standard output and error carry
// n8n's log. A bet on n8n internals (checked on 1.123.81, 2.40.7 and 2.41.1): the command class at
// dist/commands/execute.js, its `flags` field, `init()` and `run()`, and ActiveExecutions.getPostExecutePromise.
'use strict';
const { writeFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');
const { createInterface } = require('node:readline');

const n8nDir = process.argv[2];
const fromN8n = (request) => require(require.resolve(request, { paths: [n8nDir] }));

async function main() {
	// what n8n's bin/n8n does before it runs a command
	require(join(n8nDir, 'dist', 'config'));
	require(join(n8nDir, 'dist', 'command-registry.js'));
	require('node:net').setDefaultAutoSelectFamily?.(false);
	const { Container } = fromN8n('@n8n/di');
	const { Execute } = require(join(n8nDir, 'dist', 'commands', 'execute.js'));
	const { ActiveExecutions } = require(join(n8nDir, 'dist', 'active-executions.js'));
	const { ModuleRegistry } = fromN8n('@n8n/backend-common');
	await Container.get(ModuleRegistry).loadModules();

	const command = Container.get(Execute);
	command.flags = { rawOutput: true };
	await command.init();
	// the run data the command prints comes from this promise; kept here instead of read back from the log
	const activeExecutions = Container.get(ActiveExecutions);
	const postExecute = activeExecutions.getPostExecutePromise.bind(activeExecutions);
	let lastRun;
	activeExecutions.getPostExecutePromise = async (executionId) => (lastRun = await postExecute(executionId));
	command.log = () => undefined;

	const lines = createInterface({ input: process.stdin });
	for await (const line of lines) {
		if (!line.trim()) continue;
		const request = JSON.parse(line);
		lastRun = undefined;
		command.flags = { id: request.id, rawOutput: true };
		let failure;
		try {
			await command.run();
		} catch (error) {
			// a failed run: `n8n execute` prints its run data and exits non-zero; the run data is what counts
			failure = error;
		}
		const result = lastRun !== undefined ? { run: lastRun } : { error: String(failure?.message ?? failure ?? 'no run data') };
		writeFileSync(request.out, JSON.stringify(result));
		writeSync(3, 'done\n');
	}
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
