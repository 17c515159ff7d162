import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { BusyShare, ServiceQuery, ServiceReady, ServiceReply, ServiceRequestSummary } from './protocol';

type QueryWithoutId = ServiceQuery extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

/** The bench's handle on one service process. */
export class ServiceClient {
	private nextId = 1;
	private readonly waiting = new Map<number, (reply: ServiceReply) => void>();

	private constructor(
		private readonly child: ChildProcess,
		readonly ready: ServiceReady,
	) {
		child.on('message', (message: ServiceReply) => {
			const resolve = this.waiting.get(message.id);
			this.waiting.delete(message.id);
			resolve?.(message);
		});
	}

	/** Starts a service seeded with `clients` clients and `invoices` invoices; resolves when it listens. */
	static start(options: { apiKey: string; clients: number; invoices: number; pattern: 'notPaidEvery2' | 'allNotPaid'; seed?: 'http' | 'direct' }): Promise<ServiceClient> {
		const tsNode = join(__dirname, '..', '..', '..', 'node_modules', 'ts-node', 'dist', 'bin.js');
		const script = join(__dirname, 'service-process.ts');
		const args = [tsNode, '--transpile-only', script, options.apiKey, String(options.clients), String(options.invoices), options.pattern, options.seed ?? 'http'];
		const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		return new Promise((resolve, reject) => {
			child.once('message', (message: ServiceReady) => resolve(new ServiceClient(child, message)));
			child.once('exit', (code) => reject(new Error(`service process exited ${code} before it was ready`)));
		});
	}

	get url(): string {
		return this.ready.url;
	}

	private ask(query: QueryWithoutId): Promise<ServiceReply['result']> {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`service did not answer ${query.type}`)), 30_000);
			this.waiting.set(id, (reply) => {
				clearTimeout(timer);
				if (reply.error) reject(new Error(reply.error));
				else resolve(reply.result);
			});
			this.child.send({ ...query, id });
		});
	}

	async busy(from: number, to: number): Promise<BusyShare> {
		return (await this.ask({ type: 'busy', from, to })) as BusyShare;
	}

	async requests(): Promise<ServiceRequestSummary[]> {
		return (await this.ask({ type: 'requests' })) as ServiceRequestSummary[];
	}

	/** Requests of each kind (`GET /client/{id}`) the service received from `from` to `to` (epoch ms, both included). */
	async requestKinds(from: number, to: number): Promise<Record<string, number>> {
		return (await this.ask({ type: 'requestKinds', from, to })) as Record<string, number>;
	}

	async clearRequests(): Promise<void> {
		await this.ask({ type: 'clearRequests' });
	}

	async stop(): Promise<void> {
		const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		await this.ask({ type: 'stop' }).catch(() => undefined);
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
		if (this.child.exitCode === null) this.child.kill();
	}
}
