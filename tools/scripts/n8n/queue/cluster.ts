import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8N_MAJOR } from '../config';
import { ensureN8n } from '../ensure-n8n';
import { N8nCli, type CredentialFile } from '../n8n-cli';
import { buildTarball, installTarball } from '../pack';
import type { WorkflowFile } from '../workflows';
import { N8nProcess } from './n8n-process';
import { freePort } from '../free-port';
import { startPostgres, type Postgres } from './postgres';
import { startRedis, type Redis } from './redis';

/** The same key on main and every worker: they all decrypt the credentials stored in the shared database. */
export const QUEUE_ENCRYPTION_KEY = 'n8n-nodes-invoicing-queue-key';

export interface QueueCluster {
	postgres: Postgres;
	redis: Redis;
	main: N8nProcess;
	workers: N8nProcess[];
	/** Base URL of the main process (UI, REST, production webhooks). */
	mainUrl: string;
	/** Stops every process and service that is still running; safe to call more than once. */
	stop(): Promise<void>;
}

/** Settings every process of the cluster shares: queue mode, Redis, Postgres, the encryption key. */
export function queueEnvironment(postgres: Postgres, redis: Redis, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		N8N_ENCRYPTION_KEY: QUEUE_ENCRYPTION_KEY,
		...extra,
	};
}

/**
 * n8n 2.40 in queue mode on loopback: Postgres and Redis in temporary folders, the package installed from its npm
 * tarball into the nodes folder of each process's own user folder (as each container of a deployment has its own),
 * credentials and workflows imported into Postgres with the CLI, the given workflows published, then `n8n start`
 * and `workers` × `n8n worker`, each worker with its own health-check and task-broker ports.
 */
export async function startQueueCluster(options: {
	credentials: CredentialFile[];
	workflows: WorkflowFile[];
	publish: string[];
	workers: number;
	env?: NodeJS.ProcessEnv;
	/** How long each process may take to answer ready (N8nProcess's default when omitted). */
	readyTimeoutMs?: number;
}): Promise<QueueCluster> {
	await ensureN8n();
	const folders: string[] = [];
	const processes: N8nProcess[] = [];
	let postgres: Postgres | undefined;
	let redis: Redis | undefined;
	const stop = async () => {
		await Promise.all(processes.map((p) => p.stop()));
		await redis?.stop();
		await postgres?.stop();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	};
	try {
		[postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
		const shared = queueEnvironment(postgres, redis, options.env ?? {});
		const tarball = await buildTarball();
		const newFolder = (name: string) => {
			const folder = mkdtempSync(join(tmpdir(), `invoicing-queue-${name}-`));
			folders.push(folder);
			return folder;
		};
		const mainFolder = newFolder('main');
		await installTarball(tarball, mainFolder);
		// each worker's own copy of main's install (one `npm install` instead of one per process)
		const userFolder = (name: string) => {
			const folder = newFolder(name);
			cpSync(join(mainFolder, '.n8n', 'nodes'), join(folder, '.n8n', 'nodes'), { recursive: true });
			return folder;
		};
		const cli = new N8nCli(mainFolder, shared);
		await cli.importCredentials(options.credentials);
		await cli.importWorkflows(options.workflows);
		if (N8N_MAJOR >= 2) await publishInDatabase(postgres, options.publish);
		else for (const id of options.publish) await cli.publishWorkflow(id);

		const mainPort = await freePort();
		const main = new N8nProcess('main', 'start', mainFolder, { ...shared, N8N_PORT: String(mainPort), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_HOST: '127.0.0.1', N8N_RUNNERS_BROKER_PORT: String(await freePort()) }, mainPort);
		processes.push(main);
		const workers: N8nProcess[] = [];
		for (let n = 1; n <= options.workers; n += 1) {
			const healthPort = await freePort();
			const env = {
				...shared,
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			};
			workers.push(new N8nProcess(`worker-${n}`, 'worker', userFolder(`worker${n}`), env, healthPort));
		}
		processes.push(...workers);
		for (const process of processes) process.start();
		await Promise.all(processes.map((p) => p.ready(options.readyTimeoutMs)));
		return { postgres, redis, main, workers, mainUrl: `http://127.0.0.1:${mainPort}`, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/**
 * What n8n 2.x's `publish:workflow --id=<id>` does (2.40.7 WorkflowRepository.publishVersion: the workflow, not
 * archived, gets active = true and activeVersionId = its current versionId, whose history row the import wrote), for
 * all the workflows in one statement instead of one n8n boot (5-10 s on this machine) each. `n8n start` then
 * activates them as it would after the CLI.
 */
async function publishInDatabase(postgres: Postgres, ids: string[]): Promise<void> {
	if (ids.length === 0) return;
	const list = ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(',');
	const published = await postgres.query(
		`WITH published AS (UPDATE workflow_entity w SET active = true, "activeVersionId" = w."versionId" FROM workflow_history h
		 WHERE w.id IN (${list}) AND NOT w."isArchived" AND h."workflowId" = w.id AND h."versionId" = w."versionId" RETURNING w.id)
		 SELECT count(*) FROM published`,
	);
	if (Number(published.trim()) !== ids.length) throw new Error(`published ${published.trim()} of the ${ids.length} imported workflows ${list}`);
}

/** Writes each process's whole log to <tmp>/invoicing-queue-logs/<name>.log; returns the folder. */
export function writeLogs(cluster: QueueCluster): string {
	const dir = join(tmpdir(), 'invoicing-queue-logs');
	mkdirSync(dir, { recursive: true });
	for (const process of [cluster.main, ...cluster.workers]) writeFileSync(join(dir, `${process.name}.log`), process.log);
	return dir;
}
