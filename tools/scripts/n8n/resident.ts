import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import { N8N_DIR, N8N_NODE_BIN } from './config';
import type { RunResult } from './n8n-cli';

const HOST_SCRIPT = join(__dirname, 'resident-execute.js');

/**
 * `n8n execute` started once for many runs (tools/scripts/n8n/resident-execute.js): each `execute` runs n8n's own
 * execute command on the workflow and returns the run data `n8n execute --rawOutput` prints, without a new n8n
 * start-up per run. One run at a time; `stop()` ends the process.
 */
export class ResidentExecutor {
	private readonly child: ChildProcess;
	private log = '';
	private runs = 0;
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
			this.exited = new Error(`the resident n8n execute exited (${code}). Its log ends with:\n${this.log.slice(-4000)}`);
			this.settle(this.exited);
		});
	}

	private settle(error?: Error): void {
		const waiting = this.waiting;
		this.waiting = undefined;
		if (error) waiting?.reject(error);
		else waiting?.resolve();
	}

	async execute(workflowId: string): Promise<RunResult> {
		if (this.exited) throw this.exited;
		if (this.waiting) throw new Error('the resident n8n execute runs one workflow at a time');
		const out = join(this.userFolder, `resident-${++this.runs}.json`);
		await new Promise<void>((resolve, reject) => {
			this.waiting = { resolve, reject };
			this.child.stdin?.write(`${JSON.stringify({ id: workflowId, out })}\n`);
		});
		const result = JSON.parse(readFileSync(out, 'utf8')) as { run?: RunResult; error?: string };
		rmSync(out, { force: true });
		if (!result.run) throw new Error(`n8n execute gave no run data for ${workflowId}: ${result.error}\n${this.log.slice(-3000)}`);
		return result.run;
	}

	async stop(): Promise<void> {
		if (this.exited) return;
		const exit = new Promise((resolve) => this.child.once('exit', resolve));
		this.child.stdin?.end();
		await exit;
	}
}
