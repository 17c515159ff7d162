/**
 * One Invoicing service (the sandbox) for the bench, in its own process on 127.0.0.1: seeds itself through its
 * own API, samples its own busy time, and answers the bench over IPC.
 * argv: <apiKey> <clients> <invoices> <statusPattern: notPaidEvery2|allNotPaid> [seed: http (default) | direct]
 * (`direct` builds the book in memory at once, for books of 10,000s of invoices; `http` goes through the API)
 */
import { bulkBook, startSandbox, type Sandbox } from '../../sandbox';
import { BusySampler } from './busy-sampler';
import type { ServiceQuery, ServiceReady, ServiceReply, ServiceRequestSummary } from './protocol';
import { requestKind, RequestTally } from './request-tally';
import { seedOverHttp } from './seed-over-http';

function seedDirectly(sandbox: Sandbox, counts: { clients: number; invoices: number }, statusOf: (index: number) => 'Paid' | 'Not Paid') {
	const book = bulkBook(counts, new Date().toISOString().slice(0, 19).replace('T', ' '), statusOf);
	sandbox.load(book);
	return {
		clientIds: book.clients.map((client) => client.id),
		invoices: book.invoices.map((invoice) => ({ id: invoice.id, client: invoice.customer_id, invoice_no: invoice.invoice_no })),
	};
}

async function main(): Promise<void> {
	const [apiKey, clients, invoices, pattern, seedMode] = process.argv.slice(2);
	const tally = new RequestTally();
	const sandbox = await startSandbox({ apiKey, seed: 'empty', onRequest: (entry) => tally.add(requestKind(entry.method, entry.path), entry.receivedAt) });
	const counts = { clients: Number(clients), invoices: Number(invoices) };
	const statusOf = (index: number) => (pattern === 'notPaidEvery2' && index % 2 === 1 ? 'Paid' : 'Not Paid');
	const seeded = seedMode === 'direct' ? seedDirectly(sandbox, counts, statusOf) : await seedOverHttp(sandbox.url, apiKey, counts, statusOf);
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
			case 'requestKinds':
				try {
					return reply(tally.within(query.from, query.to));
				} catch (error) {
					return send({ id: query.id, error: (error as Error).message });
				}
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
