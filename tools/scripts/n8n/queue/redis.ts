import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { installDebianPackages, onPath } from '../../debian-packages';
import { freePort } from '../free-port';
import { ask, waitFor } from './ports';

export interface Redis {
	port: number;
	pid: number | undefined;
	stop(): Promise<void>;
}

/** Debian's redis-server, installed with apt-get when it is missing (as root, or through sudo without a password). */
export async function ensureRedisServer(): Promise<void> {
	if (onPath('redis-server')) return;
	console.log('[queue] redis-server is missing: installing it from Debian (apt-get update; apt-get install -y redis-server) ...');
	await installDebianPackages(['redis-server']);
	if (!onPath('redis-server')) throw new Error('apt-get installed redis-server, but it is not on PATH');
	console.log('[queue] redis-server installed');
}

/** A throw-away Redis on a free loopback port: no persistence, its folder removed on stop. */
export async function startRedis(): Promise<Redis> {
	await ensureRedisServer();
	const dir = mkdtempSync(join(tmpdir(), 'invoicing-redis-'));
	const port = await freePort();
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
	const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let log = '';
	child.stdout.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
	child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		}
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitFor('Redis to answer PING', 20_000, async () => ((await ask(port, 'PING\r\n')).startsWith('+PONG') ? true : undefined), () => log, 200);
	} catch (error) {
		await stop();
		throw error;
	}
	return { port, pid: child.pid, stop };
}
