/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
/**
 * One Invoicing service (the sandbox) for the bench, in its own process on 127.0.0.1: seeds itself through its
 * own API, samples its own busy time, and answers the bench over IPC.
 * argv: <apiKey> <clients> <invoices> <statusPattern: notPaidEvery2|allNotPaid>
 */
import { startSandbox } from '../../sandbox';
import { BusySampler } from './busy-sampler';
import type { ServiceQuery, ServiceReady, ServiceReply, ServiceRequestSummary } from './protocol';
import { seedOverHttp } from './seed-over-http';

async function main(): Promise<void> {
	const [apiKey, clients, invoices, pattern] = process.argv.slice(2);
	const sandbox = await startSandbox({ apiKey, seed: 'empty' });
	const seeded = await seedOverHttp(sandbox.url, apiKey, { clients: Number(clients), invoices: Number(invoices) }, (index) =>
		pattern === 'notPaidEvery2' && index % 2 === 1 ? 'Paid' : 'Not Paid',
	);
	sandbox.clearRequests();
	const sampler = new BusySampler();
	const send = (message: ServiceReady | ServiceReply) => process.send?.(message);
	process.on('message', (query: ServiceQuery) => {
		const reply = (result: ServiceReply['result']) => send({ id: query.id, result });
		switch (query.type) {
			case 'busy':
				return reply(sampler.share(query.from, query.to));
			case 'requests':
				return reply(
					sandbox.requests().map(
						(entry): ServiceRequestSummary => ({
							method: entry.method,
							path: entry.path,
							query: JSON.stringify(entry.query),
							contentType: entry.contentType,
							rawBody: entry.rawBody,
							authorized: entry.authorized,
						}),
					),
				);
			case 'clearRequests':
				sandbox.clearRequests();
				return reply(null);
			case 'stop':
				sampler.stop();
				reply(null);
				void sandbox.close().then(() => process.exit(0));
				return;
		}
	});
	process.on('disconnect', () => process.exit(0));
	send({ type: 'ready', url: sandbox.url, clientIds: seeded.clientIds, invoices: seeded.invoices });
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
