import { spawn, type ChildProcess } from 'node:child_process';

import { N8N_BIN, N8N_NODE_BIN } from '../config';
import { n8nEnvironment } from '../n8n-cli';
import { waitFor } from './ports';

/** One long-running n8n process (`n8n start` or `n8n worker`) with its whole log kept, that can be killed and started again. */
export class N8nProcess {
	private child: ChildProcess | undefined;
	/** Everything the process printed, over all its starts. */
	log = '';
	starts = 0;

	constructor(
		readonly name: string,
		private readonly command: 'start' | 'worker',
		readonly userFolder: string,
		private readonly env: NodeJS.ProcessEnv,
		/** The port whose /healthz/readiness answers 200 once the process is ready. */
		readonly healthPort: number,
	) {}

	get running(): boolean {
		return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	start(): void {
		if (this.running) throw new Error(`${this.name} is already running`);
		this.starts += 1;
		this.log += `\n--- ${this.name}: start #${this.starts} ---\n`;
		const child = spawn(N8N_NODE_BIN, [N8N_BIN, this.command], { env: n8nEnvironment(this.userFolder, this.env), stdio: ['ignore', 'pipe', 'pipe'] });
		child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
		this.child = child;
	}

	async ready(timeoutMs = 180_000): Promise<void> {
		const outcome = await waitFor(
			`${this.name} to be ready`,
			timeoutMs,
			async () => {
				if (!this.running) return 'exited';
				const response = await fetch(`http://127.0.0.1:${this.healthPort}/healthz/readiness`);
				return response.ok ? 'ready' : undefined;
			},
			() => `${this.name}'s log ends with:\n${this.log.slice(-4000)}`,
		);
		if (outcome === 'exited') throw new Error(`${this.name} exited:\n${this.log.slice(-4000)}`);
	}

	/** Stops the process with `signal` (SIGKILL: no graceful shutdown) and waits for it to exit (at most 60 s). */
	async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
		const child = this.child;
		if (!child || !this.running) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill(signal);
		const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
		await exited;
		clearTimeout(timer);
	}

	/** Execution ids this process's log says a worker started (worker log line "Worker started execution <id> (job <n>)"). */
	startedExecutions(): string[] {
		return [...this.log.matchAll(/Worker started execution (\d+) \(job/g)].map((match) => match[1]);
	}

	/** Execution ids this (main) process's log says it put on the queue ("Enqueued execution <id> (job <n>)"). */
	enqueuedExecutions(): string[] {
		return [...this.log.matchAll(/Enqueued execution (\d+) \(job/g)].map((match) => match[1]);
	}
}
