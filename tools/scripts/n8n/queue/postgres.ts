import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { runOrThrow } from '../run-command';
import { freePort } from '../free-port';

export interface Postgres {
	port: number;
	database: string;
	user: string;
	/** The postmaster's process id (its backends are its children). */
	pid: number;
	/** Runs one SQL statement with psql and returns its unaligned, tuples-only output. */
	query(sql: string): Promise<string>;
	stop(): Promise<void>;
}

const DATABASE = 'n8n';
const USER = 'postgres';

/** The newest Debian PostgreSQL binaries (or PG_BIN). */
function binDir(): string {
	if (process.env.PG_BIN) return process.env.PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
	if (versions.length === 0) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)');
	return join(root, versions[0], 'bin');
}

/** initdb refuses root: as root the cluster belongs to the system user "postgres". */
function systemUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString()));
	return { uid, gid };
}

/** A fresh PostgreSQL cluster in a temporary folder on a free loopback port, trust auth, with a database "n8n". */
export async function startPostgres(): Promise<Postgres> {
	const bin = binDir();
	const owner = systemUser();
	const dir = mkdtempSync(join(tmpdir(), 'invoicing-pg-'));
	if (owner) chownSync(dir, owner.uid, owner.gid);
	const data = join(dir, 'data');
	const port = await freePort();
	const asOwner = (command: string, args: string[]) =>
		owner ? runOrThrow('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : runOrThrow(join(bin, command), args);
	await asOwner('initdb', ['-D', data, '-U', USER, '--auth=trust', '-E', 'UTF8', '--no-sync']);
	const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100`;
	await asOwner('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options]);
	const stop = async () => {
		await asOwner('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']).catch(() => undefined);
		rmSync(dir, { recursive: true, force: true });
	};
	const psql = (database: string, sql: string) =>
		runOrThrow(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', USER, '-d', database, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql]);
	try {
		await psql('postgres', `CREATE DATABASE ${DATABASE}`);
	} catch (error) {
		await stop();
		throw error;
	}
	const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
	return { port, database: DATABASE, user: USER, pid, query: async (sql) => (await psql(DATABASE, sql)).stdout, stop };
}
