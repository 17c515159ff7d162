/**
 * Get Client By E-mail against Get Many Clients (Return All) over the same list of 30,000 clients, half
 * of them without an e-mail, in the same run (n8n-core's engine, in this process, the sandbox in this process too:
 * both read the same list through it). By E-mail indexed that list in time that grew with the square of the
 * clients without an e-mail (1.04 s against 0.12 s); it should now cost about what the list read costs.
 * Prints the median (min-max) of each, ms, rounds alternating which goes first; fails if an answer is wrong.
 * Run: npm run bench:by-email [-- --clients N] [-- --rounds N]
 */
import { bulkBook, startSandbox } from '../sandbox';
import { runNode } from '../../test/engine/harness/run-node';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
	const at = args.indexOf(name);
	return at < 0 ? fallback : Number(args[at + 1]);
};
const CLIENTS = flag('--clients', 30_000);
const ROUNDS = flag('--rounds', 7);
const API_KEY = 'bench-key';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;

async function main() {
	const sandbox = await startSandbox({ apiKey: API_KEY, seed: 'empty' });
	try {
		const book = bulkBook({ clients: CLIENTS, invoices: 0 }, '2026-01-15 10:00:00', () => 'Not Paid');
		// every other client without an e-mail: one key shared by half the list
		book.clients.forEach((client, index) => {
			if (index % 2 === 0) client.email = '';
		});
		sandbox.load(book);
		const wanted = book.clients[CLIENTS - 1];
		const credentials = { baseUrl: sandbox.url, apiKey: API_KEY };
		const contenders = {
			byEmail: async () => {
				const result = await runNode({ credentials, parameters: { resource: 'client', operation: 'get', clientId: { __rl: true, mode: 'email', value: wanted.email } } });
				if (result.error || result.items.length !== 1 || result.items[0].json.id !== wanted.id) throw new Error(`By E-mail gave ${result.error?.message ?? JSON.stringify(result.items.map((i) => i.json.id))}`);
			},
			getManyAll: async () => {
				const result = await runNode({ credentials, parameters: { resource: 'client', operation: 'getAll', returnAll: true } });
				if (result.error || result.items.length !== CLIENTS) throw new Error(`Get Many gave ${result.error?.message ?? result.items.length} items`);
			},
		};
		const times: Record<keyof typeof contenders, number[]> = { byEmail: [], getManyAll: [] };
		// one untimed run of each warms the engine up
		await contenders.byEmail();
		await contenders.getManyAll();
		for (let round = 0; round < ROUNDS; round++) {
			const order: Array<keyof typeof contenders> = round % 2 === 0 ? ['byEmail', 'getManyAll'] : ['getManyAll', 'byEmail'];
			for (const name of order) {
				const started = performance.now();
				await contenders[name]();
				times[name].push(performance.now() - started);
			}
		}
		console.log(`${CLIENTS} clients, ${CLIENTS / 2} without an e-mail; ${ROUNDS} rounds, median (min-max) ms of one node run:`);
		console.log(`  Get Client By E-mail:         ${summary(times.byEmail)}`);
		console.log(`  Get Many Clients (Return All): ${summary(times.getManyAll)}`);
		console.log(`  ratio By E-mail / Get Many:    ${(median(times.byEmail) / median(times.getManyAll)).toFixed(2)}`);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
