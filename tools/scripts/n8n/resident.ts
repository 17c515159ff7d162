import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import { N8N_DIR, N8N_NODE_BIN } from './config';
import { importCredentialsArgs, importWorkflowsArgs, publishWorkflowArgs, type CredentialFile, type RunResult } from './n8n-commands';
import type { WorkflowFile } from './workflows';

const HOST_SCRIPT = join(__dirname, 'resident-execute.js');

interface Answer {
	run?: RunResult;
	error?: string;
}

/**
 * n8n's CLI started once for many commands (tools/scripts/n8n/resident-execute.js): `execute` runs n8n's own execute
 * command on the workflow and returns the run data `n8n execute --rawOutput` prints; the imports run n8n's import
 * commands. No new n8n start-up per command. One command at a time; `stop()` ends the process.
 */
export class ResidentN8n {
	private readonly child: ChildProcess;
	private log = '';
	private commands = 0;
	private waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
	private exited: Error | undefined;

	constructor(
		private readonly userFolder: string,
		env: NodeJS.ProcessEnv,
	) {
		this.child = spawn(N8N_NODE_BIN, [HOST_SCRIPT, join(N8N_DIR, 'node_modules', 'n8n')], { env, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
		const keepTail = (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-20_000));
		this.child.stdout?.on('data', keepTail);
		this.child.stderr?.on('data', keepTail);
		(this.child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
			for (const line of chunk.toString().split('\n')) if (line === 'done') this.settle();
		});
		this.child.on('exit', (code) => {
			this.exited = new Error(`the resident n8n exited (${code}). Its log ends with:\n${this.log.slice(-4000)}`);
			this.settle(this.exited);
		});
	}

	private settle(error?: Error): void {
		const waiting = this.waiting;
		this.waiting = undefined;
		if (error) waiting?.reject(error);
		else waiting?.resolve();
	}

	/** Runs one n8n command (its command line after `n8n`) in the resident process. */
	private async command(args: string[]): Promise<Answer> {
		if (this.exited) throw this.exited;
		if (this.waiting) throw new Error('the resident n8n runs one command at a time');
		const out = join(this.userFolder, `resident-${++this.commands}.json`);
		await new Promise<void>((resolve, reject) => {
			this.waiting = { resolve, reject };
			this.child.stdin?.write(`${JSON.stringify({ args, out })}\n`);
		});
		const answer = JSON.parse(readFileSync(out, 'utf8')) as Answer;
		rmSync(out, { force: true });
		return answer;
	}

	private async commandOrThrow(args: string[]): Promise<void> {
		const { error } = await this.command(args);
		if (error !== undefined) throw new Error(`n8n ${args.join(' ')} failed: ${error}\n${this.log.slice(-3000)}`);
	}

	async importCredentials(credentials: CredentialFile[]): Promise<void> {
		await this.commandOrThrow(importCredentialsArgs(this.userFolder, credentials));
	}

	async importWorkflows(workflows: WorkflowFile[]): Promise<void> {
		await this.commandOrThrow(importWorkflowsArgs(this.userFolder, workflows));
	}

	/** As N8nCli.publishWorkflow: published (2.x) or set active (1.x), for an `n8n start` after this process stops. */
	async publishWorkflow(workflowId: string): Promise<void> {
		await this.commandOrThrow(publishWorkflowArgs(workflowId));
	}

	/** Executes a workflow as `n8n execute --id` does (mode "cli"); its run data, also when the run failed. */
	async execute(workflowId: string): Promise<RunResult> {
		const { run, error } = await this.command(['execute', `--id=${workflowId}`, '--rawOutput']);
		if (!run) throw new Error(`n8n execute gave no run data for ${workflowId}: ${error}\n${this.log.slice(-3000)}`);
		return run;
	}

	/** Ends the process after the command in hand (killed if it has not ended 30 s later). */
	async stop(): Promise<void> {
		if (this.exited) return;
		const exit = new Promise((resolve) => this.child.once('exit', resolve));
		this.child.stdin?.end();
		const kill = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
		await exit;
		clearTimeout(kill);
	}
}
