/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { spawn } from 'node:child_process';

export interface CommandResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs a command to its end, collecting its output; optionally echoing a line per step. */
export function runCommand(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
	});
}

export async function runOrThrow(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
	const result = await runCommand(command, args, options);
	if (result.code !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${result.stderr.slice(-3000)}${result.stdout.slice(-2000)}`);
	}
	return result;
}
