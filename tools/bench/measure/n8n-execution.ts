import type { N8nCli, RunResult } from '../../scripts/n8n/n8n-cli';
import { MemorySampler } from './memory';

export interface Execution {
	run: RunResult;
	memory: MemorySampler;
	wallMs: number;
}

/** One `n8n execute` with its memory sampled; killed (the process it started, by pid) after `timeoutMs`. */
export async function executeMeasured(cli: N8nCli, workflowId: string, options: { env?: NodeJS.ProcessEnv; timeoutMs: number }): Promise<Execution> {
	const memory = new MemorySampler();
	let timer: NodeJS.Timeout | undefined;
	const started = Date.now();
	try {
		const run = await cli.execute(workflowId, {
			env: options.env,
			onSpawn: (pid) => {
				memory.start(pid);
				timer = setTimeout(() => {
					try {
						process.kill(pid, 'SIGKILL');
					} catch {
						// already gone
					}
				}, options.timeoutMs);
			},
		});
		if (run.status !== 'success') throw new Error(`workflow ${workflowId} ended "${run.status}": ${run.data.resultData.error?.message ?? ''}`);
		return { run, memory, wallMs: Date.now() - started };
	} finally {
		if (timer) clearTimeout(timer);
		memory.stop();
	}
}
