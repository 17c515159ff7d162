import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

export interface CommandResult {
	code: number;
	stdout: string;
	stderr: string;
}

/**
 * Runs a command to its end, collecting its output. `stdoutFile` sends standard output to that file instead of a
 * pipe (a process that exits right after printing megabytes to a pipe loses the tail; file writes are synchronous).
 */
export function runCommand(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void; stdoutFile?: string } = {},
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const stdoutFd = options.stdoutFile ? openSync(options.stdoutFile, 'w') : undefined;
		const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'] });
		if (child.pid !== undefined) options.onSpawn?.(child.pid);
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => {
			if (stdoutFd !== undefined && options.stdoutFile) {
				closeSync(stdoutFd);
				stdout = readFileSync(options.stdoutFile, 'utf8');
			}
			resolve({ code: code ?? 1, stdout, stderr });
		});
	});
}

export async function runOrThrow(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
	const result = await runCommand(command, args, options);
	if (result.code !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${result.stderr.slice(-3000)}${result.stdout.slice(-2000)}`);
	}
	return result;
}
