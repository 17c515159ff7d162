import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import type { BookData } from '../../tools/sandbox';
import { byId } from './fixture';
import { runNode } from './harness/run-node';

/** The service: 5 requests at a time, each taking a few milliseconds, so that requests really overlap. */
const MAX_CONCURRENT = 5;
const SERVICE_TIME_MS = 2;
const ITEMS = 2000;
const rows = Array.from({ length: ITEMS }, (_, i) => ({ no: `INV-${String(i + 1).padStart(4, '0')}` }));

// The sandbox runs in its own process, as a real service does: in this one its answers would wait for the
// engine's own work on the next items (one event loop), which is not what a user's n8n meets.
let sandbox: ChildProcess;
let url: string;

beforeAll(async () => {
	const root = join(__dirname, '..', '..');
	const limits = ['--max-concurrent', String(MAX_CONCURRENT), '--service-time-ms', String(SERVICE_TIME_MS)];
	sandbox = spawn(process.execPath, [join(root, 'node_modules', '.bin', 'ts-node'), '--transpile-only', join(root, 'tools', 'sandbox', 'cli.ts'), '--port', '0', '--deterministic', ...limits], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	url = await new Promise<string>((resolve, reject) => {
		sandbox.stdout?.on('data', (chunk: Buffer) => {
			const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
			if (match) resolve(match[0]);
		});
		sandbox.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
	});
}, 60_000);

afterAll(() => {
	sandbox?.kill('SIGTERM');
});

const control = (path: string, method = 'GET') => fetch(`${url.replace(/\/v1$/, '')}/__sandbox/${path}`, { method }).then((r) => r.json());

/** Runs Create Invoice over the rows, in rounds of `round` items (one node execution each, as Loop Over Items does). */
async function createInvoices(round: number) {
	await control('reset', 'POST');
	const added = (await (await fetch(`${url}/client/add?names=Acme`, { method: 'POST' })).json()) as { data: Array<{ id: string }> };
	const items: INodeExecutionData[] = [];
	for (let start = 0; start < ITEMS; start += round) {
		const result = await runNode({
			credentials: { baseUrl: url },
			parameters: {
				resource: 'invoice',
				operation: 'create',
				client: byId(added.data[0].id),
				ifExists: 'create',
				invoiceNo: '={{ $json.no }}',
				paymentStatus: 'Not Paid',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
			},
			items: rows.slice(start, start + round),
			continueOnFail: true,
		});
		items.push(...result.items);
	}
	const stored = ((await control('state')) as BookData).invoices.map((i) => i.invoice_no);
	return { items, stored };
}

describe(`${ITEMS} Create Invoice items against a service limited to ${MAX_CONCURRENT} concurrent requests`, () => {
	test(`in rounds of ${MAX_CONCURRENT} (Loop Over Items before the node): 0 failures, every row created once, in order`, async () => {
		const { items, stored } = await createInvoices(MAX_CONCURRENT);
		expect(items.filter((i) => i.error).map((i) => i.error?.message)).toEqual([]);
		expect(items.map((i) => i.json.invoice_no)).toEqual(rows.map((r) => r.no));
		expect(stored).toEqual(rows.map((r) => r.no));
	}, 120_000);

	test('without batching: every item is accounted for, and the service holds exactly the successes', async () => {
		const { items, stored } = await createInvoices(ITEMS);
		const created = items.filter((i) => !i.error).map((i) => i.json.invoice_no as string);
		const failed = items.filter((i) => i.error);
		expect(items).toHaveLength(ITEMS);
		expect(created.length + failed.length).toBe(ITEMS);
		expect(failed.length).toBeGreaterThan(0);
		// each message names its row: the invoice number and the item
		expect(failed.every((i) => i.error?.message === `Create Invoice "${String(rows[items.indexOf(i)].no)}" (item ${items.indexOf(i) + 1}) failed (HTTP 429): Too many concurrent requests (limit ${MAX_CONCURRENT}); retry later.`)).toBe(true);
		expect([...stored].sort()).toEqual([...created].sort());
		// each output item belongs to its own input row
		items.forEach((item, index) => {
			if (!item.error) expect(item.json.invoice_no).toBe(rows[index].no);
		});
	}, 120_000);

});
