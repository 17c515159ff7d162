/**
 * Debian packages the suites need (chromium, redis-server, Saxon-HE), installed with apt-get when missing: as root,
 * or through sudo without a password. apt-get waits up to 5 minutes for the package lock, which a fresh machine's
 * own package updates may hold when the suites start.
 */
import { spawnSync } from 'node:child_process';

import { runOrThrow } from './n8n/run-command';

const LOCK_WAIT = ['-o', 'DPkg::Lock::Timeout=300'];

/** The command line of `apt-get <args>` for this user. */
export function aptGet(args: string[]): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const full = [...LOCK_WAIT, ...args];
	return process.getuid?.() === 0 ? { command: 'apt-get', args: full, env } : { command: 'sudo', args: ['-n', 'apt-get', ...full], env };
}

/** `apt-get update`, then the packages installed. */
export async function installDebianPackages(packages: string[]): Promise<void> {
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
		const apt = aptGet(args);
		await runOrThrow(apt.command, apt.args, { env: apt.env });
	}
}

/** The same, for a caller that cannot wait on a promise. */
export function installDebianPackagesSync(packages: string[]): void {
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
		const apt = aptGet(args);
		const result = spawnSync(apt.command, apt.args, { env: apt.env, encoding: 'utf8' });
		if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${result.stderr}`);
	}
}

/** Whether a command is on PATH. */
export function onPath(command: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
