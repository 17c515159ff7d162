// n8n's CLI kept running: n8n's own commands (`execute`, `import:credentials`, `import:workflow`, `publish:workflow` or
// 1.x `update:workflow`: their classes, flags
// and `run()`) run one after another in one n8n process, instead of one n8n start-up (4-6 s) per command. Started by
// ResidentN8n (resident.ts) with n8n's Node 24 and n8n's environment: argv[2] is n8n's package folder. The process
// starts as `n8n execute` does (that command's `init()`, which the import commands' init is a part of). Each line on
// standard input is a request {"args": the command line after `n8n`, "out": file}; the answer is written to that file:
// for `execute`, {"run": ...} with the run data `n8n execute --rawOutput` prints (the same object, from the same
// WorkflowRunner run in mode "cli"), or {"error": message} when the command failed; then the line "done" goes to
// file descriptor 3. Standard output and error carry n8n's log. A bet on n8n internals, checked on 1.123.81, 2.40.7
// and 2.41.1: dist/commands/<name>.js registering the command with CommandMetadata, the `flags` field, `init()` and
// `run()`, CliParser, and ActiveExecutions.getPostExecutePromise.
'use strict';
const { existsSync, writeFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');
const { createInterface } = require('node:readline');

const n8nDir = process.argv[2];
const fromN8n = (request) => require(require.resolve(request, { paths: [n8nDir] }));

async function main() {
	// what n8n's bin/n8n and its CommandRegistry do before they run a command
	require(join(n8nDir, 'dist', 'config'));
	require(join(n8nDir, 'dist', 'command-registry.js'));
	require('node:net').setDefaultAutoSelectFamily?.(false);
	const { Container } = fromN8n('@n8n/di');
	const { ModuleRegistry, CliParser } = fromN8n('@n8n/backend-common');
	const { CommandMetadata } = fromN8n('@n8n/decorators');
	// the import command first: loaded after `execute`, n8n 1.123's ImportService meets an unfinished WaitTracker
	// (a require cycle: "[DI] Circular dependency detected in WaitTracker")
	const commandFiles = ['import/workflow', 'import/credentials', 'execute', 'publish/workflow', 'update/workflow'];
	for (const name of commandFiles) {
		const file = join(n8nDir, 'dist', 'commands', `${name}.js`);
		if (existsSync(file)) require(file);
	}
	await Container.get(ModuleRegistry).loadModules();
	const command = (args) => {
		const entry = Container.get(CommandMetadata).get(args[0]);
		if (!entry) throw new Error(`no n8n command ${args[0]}`);
		const instance = Container.get(entry.class);
		instance.flags = Container.get(CliParser).parse({ argv: [process.execPath, 'n8n', ...args], flagsSchema: entry.flagsSchema }).flags;
		return instance;
	};

	const execute = command(['execute']);
	await execute.init();
	// the run data `n8n execute` prints comes from this promise: kept here instead of read back from the log
	const { ActiveExecutions } = require(join(n8nDir, 'dist', 'active-executions.js'));
	const activeExecutions = Container.get(ActiveExecutions);
	const postExecute = activeExecutions.getPostExecutePromise.bind(activeExecutions);
	let lastRun;
	activeExecutions.getPostExecutePromise = async (executionId) => (lastRun = await postExecute(executionId));

	for await (const line of createInterface({ input: process.stdin })) {
		if (!line.trim()) continue;
		const request = JSON.parse(line);
		lastRun = undefined;
		let failure;
		try {
			const instance = command(request.args);
			// `execute` prints the run data (megabytes for big runs) besides handing it over: not needed here
			if (instance === execute) instance.log = () => undefined;
			await instance.run();
		} catch (error) {
			// a failed run: `n8n execute` prints its run data and exits non-zero; for `execute` the run data is what counts
			failure = error;
		}
		const result = lastRun !== undefined ? { run: lastRun } : failure !== undefined ? { error: String(failure?.message ?? failure) } : {};
		writeFileSync(request.out, JSON.stringify(result));
		writeSync(3, 'done\n');
	}
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
