import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { N8N_BIN, N8N_NODE_BIN } from './config';
import { freePortSync } from './free-port';
import { importCredentialsArgs, importWorkflowsArgs, publishWorkflowArgs, type CredentialFile, type RunResult } from './n8n-commands';
import { ResidentN8n } from './resident';
import { runCommand, runOrThrow } from './run-command';
import type { WorkflowFile } from './workflows';

/** Environment for a headless n8n that keeps everything in its own user folder. */
export function n8nEnvironment(userFolder: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		// jest sets NODE_ENV=test, in which n8n's logger prints nothing (and run data goes through it)
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'n8n-nodes-invoicing-local-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_RUNNERS_ENABLED: 'false',
		// n8n 2.x starts its task broker (start, execute) on port 5679 whatever the above, and exits when another n8n
		// holds it: each n8n started here gets a free one
		N8N_RUNNERS_BROKER_PORT: String(freePortSync()),
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		// `n8n execute` prints the run data through its logger at level info
		N8N_LOG_LEVEL: 'info',
		DB_SQLITE_POOL_SIZE: '2',
		// the instance's time zone, which a workflow without its own uses: the tests state dates in UTC, and n8n's
		// default (America/New_York) made "today" a day apart from theirs between 00:00 and 05:00 UTC
		GENERIC_TIMEZONE: 'UTC',
		...extra,
	};
}

export type { CredentialFile, RunResult, TaskRun } from './n8n-commands';

/** n8n's CLI with Node 24 against one user folder. */
export class N8nCli {
	constructor(
		readonly userFolder: string,
		private readonly extraEnv: NodeJS.ProcessEnv = {},
	) {}

	private async run(args: string[]) {
		return await runOrThrow(N8N_NODE_BIN, [N8N_BIN, ...args], { env: n8nEnvironment(this.userFolder, this.extraEnv) });
	}

	async importCredential(credential: CredentialFile): Promise<void> {
		await this.importCredentials([credential]);
	}

	/** Imports several credentials with one CLI start. */
	async importCredentials(credentials: CredentialFile[]): Promise<void> {
		await this.run(importCredentialsArgs(this.userFolder, credentials));
	}

	/** Imports all workflows with one CLI start (n8n's start-up is the slow part). */
	async importWorkflows(workflows: WorkflowFile[]): Promise<void> {
		await this.run(importWorkflowsArgs(this.userFolder, workflows));
	}

	/**
	 * Marks the workflow's current version as published (n8n 2.x `publish:workflow`; n8n 1.x has no publishing and
	 * sets the workflow active with `update:workflow --active=true`); a following `n8n start` activates it.
	 */
	async publishWorkflow(workflowId: string): Promise<void> {
		await this.run(publishWorkflowArgs(workflowId));
	}

	/**
	 * n8n's CLI started once for many commands: its `execute(workflowId)` returns what `execute` below returns, and
	 * its imports import as the methods above do, without an n8n start-up per command. Stop it when done.
	 */
	resident(): ResidentN8n {
		return new ResidentN8n(this.userFolder, n8nEnvironment(this.userFolder, this.extraEnv));
	}

	/**
	 * Executes a workflow (it must start with a Manual Trigger) and returns n8n's run data. `env` adds to the
	 * environment of this one run; `onSpawn` receives the pid of the n8n process.
	 */
	async execute(workflowId: string, options: { env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void } = {}): Promise<RunResult> {
		const { stdout, stderr } = await runCommand(N8N_NODE_BIN, [N8N_BIN, 'execute', `--id=${workflowId}`, '--rawOutput'], {
			env: n8nEnvironment(this.userFolder, { ...this.extraEnv, ...options.env }),
			onSpawn: options.onSpawn,
			// run data of thousands of items is megabytes: through a file, so none of it is lost at exit
			stdoutFile: join(this.userFolder, `execute-${workflowId}.out`),
		});
		rmSync(join(this.userFolder, `execute-${workflowId}.out`), { force: true });
		// a failed run is printed too (then n8n exits non-zero): its run data says which node failed and why
		const start = stdout.search(/^\{/m);
		const end = stdout.lastIndexOf('\n}');
		if (start < 0 || end < start) throw new Error(`n8n execute printed no run data:\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`);
		return JSON.parse(stdout.slice(start, end + 2)) as RunResult;
	}
}

/**
 * The output items (json) of one node in a run: its main output, or another (a tool node's is ai_tool); `output` 1
 * is the error output under On Error = Continue (using error output).
 */
export function nodeOutput(run: RunResult, nodeName: string, connection = 'main', output = 0): Array<Record<string, unknown>> {
	const task = run.data.resultData.runData[nodeName]?.[0];
	if (!task) throw new Error(`Node "${nodeName}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
	if (task.error) throw new Error(`Node "${nodeName}" failed: ${task.error.message}`);
	return (task.data?.[connection]?.[output] ?? []).map((item) => item.json);
}
