import type { ChildProcess } from 'node:child_process';

import type { INodeExecutionData } from 'n8n-workflow';

import type { BookData } from '../../tools/sandbox';
import { byId } from './fixture';
import { runNode } from './harness/run-node';
import { compileSandbox, startSandboxProcess } from './harness/sandbox-process';

/** The service: 5 requests at a time, each taking a few milliseconds, so that requests really overlap. */
const MAX_CONCURRENT = 5;
const SERVICE_TIME_MS = 2;
const ITEMS = 2000;
const rows = Array.from({ length: ITEMS }, (_, i) => ({ no: `INV-${String(i + 1).padStart(4, '0')}` }));
/** A bound against a hang, not a speed check: on 2 cores kept busy the rounds take 1.5-3 minutes (20 s when idle). */
const LIMIT_MS = 600_000;

// The sandbox runs in its own process, as a real service does: in this one its answers would wait for the
// engine's own work on the next items (one event loop), which is not what a user's n8n meets.
let sandbox: ChildProcess;
let url: string;

// compiled first (see harness/sandbox-process): ts-node alone took over a minute to start on busy cores
const sandboxJs = compileSandbox();

beforeAll(async () => {
	const limits = ['--max-concurrent', String(MAX_CONCURRENT), '--service-time-ms', String(SERVICE_TIME_MS)];
	const started = startSandboxProcess(sandboxJs.cli, ['--port', '0', '--deterministic', ...limits]);
	sandbox = started.process;
	url = await started.url;
}, 60_000);

afterAll(() => {
	sandbox?.kill('SIGTERM');
	sandboxJs.remove();
});

/**
 * A sandbox control (reset, state: both safe to repeat). Once again on a dropped connection: while a run of 2,000
 * items holds this process's event loop (over 30 s on busy cores), the sandbox closes the idle keep-alive
 * connection and fetch, not having seen it close, sends on it ("other side closed").
 */
const control = async (path: string, method = 'GET'): Promise<unknown> => {
	const call = () => fetch(`${url.replace(/\/v1$/, '')}/__sandbox/${path}`, { method }).then((r) => r.json());
	try {
		return await call();
	} catch {
		return await call();
	}
};

/**
 * The rounds of a test still running: a test over its time limit is failed by Jest but not stopped, so its loop
 * would go on writing while the next test resets the service and reads it (issue 23: the "lost round" was a
 * timed-out first test's last rounds landing in the second test's book, the second test's reset wiping the first
 * test's). After each test its loop is stopped and waited for, before the next one touches the service.
 */
let running: Promise<unknown> = Promise.resolve();
let stopped = false;

afterEach(async () => {
	stopped = true;
	await running.catch(() => undefined);
	stopped = false;
});

/** Runs Create Invoice over the rows, in rounds of `round` items (one node execution each, as Loop Over Items does). */
async function runRounds(round: number, extra: Record<string, unknown> = {}) {
	await control('reset', 'POST');
	const added = (await (await fetch(`${url}/client/add?names=Acme`, { method: 'POST' })).json()) as { data: Array<{ id: string }> };
	const items: INodeExecutionData[] = [];
	const rounds: INodeExecutionData[][] = [];
	for (let start = 0; start < ITEMS; start += round) {
		if (stopped) throw new Error(`stopped after ${rounds.length} rounds: the test ended (time limit)`);
		// runNode runs again a run n8n refused before it started (harness/refused-run.ts): the invariant below checks
		// that a refused run wrote nothing
		const result = await runNode({
			credentials: { baseUrl: url },
			parameters: {
				resource: 'invoice',
				operation: 'create',
				client: byId(added.data[0].id),
				invoiceNo: '={{ $json.no }}',
				paymentStatus: 'Not Paid',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
				...extra,
			},
			items: rows.slice(start, start + round),
			continueOnFail: true,
		});
		// a round whose run failed as a whole (no output items) must show, not shrink the output in silence
		if (result.error || result.items.length !== Math.min(round, ITEMS - start)) {
			throw new Error(`round ${rounds.length + 1}: ${result.items.length} output items for ${Math.min(round, ITEMS - start)} rows; run error: ${result.error?.stack ?? 'none'}`);
		}
		items.push(...result.items);
		rounds.push(result.items);
	}
	const invoices = ((await control('state')) as BookData).invoices;
	return { items, rounds, invoices, stored: invoices.map((i) => i.invoice_no) };
}

function createInvoices(round: number, extra: Record<string, unknown> = {}) {
	const work = runRounds(round, extra);
	running = work;
	return work;
}

/**
 * The invariant, round by round: every item that reports success names (by id and number) a record the service
 * holds, and every record the service holds was reported by exactly one item, of the round that sent its row.
 * Returns what breaks it, one line per problem (empty: it holds).
 */
function brokenInvariant(rounds: INodeExecutionData[][], invoices: BookData['invoices']): string[] {
	const problems: string[] = [];
	const held = new Map(invoices.map((invoice) => [invoice.id, invoice]));
	const reportedBy = new Map<string, string[]>();
	let row = 0;
	rounds.forEach((items, r) => {
		for (const item of items) {
			const where = `round ${r + 1}, row ${rows[row].no}`;
			row += 1;
			if (item.error) continue;
			const id = String(item.json.id);
			reportedBy.set(id, [...(reportedBy.get(id) ?? []), where]);
			const record = held.get(id);
			if (!record) problems.push(`${where}: reported ${id} (${String(item.json.invoice_no)}), which the service does not hold`);
			else if (record.invoice_no !== item.json.invoice_no) problems.push(`${where}: reported ${id} as ${String(item.json.invoice_no)}, the service holds it as ${record.invoice_no}`);
		}
	});
	for (const invoice of invoices) {
		const by = reportedBy.get(invoice.id) ?? [];
		if (by.length !== 1) problems.push(`the service holds ${invoice.id} (${invoice.invoice_no}), reported by ${by.length} items${by.length ? `: ${by.join('; ')}` : ''}`);
	}
	return problems;
}

/** The duplicate guard off (If Already Exists: Create Anyway), and as a user who changes nothing has it (Return Existing If Identical). */
const GUARDS = [
	{ guards: 'the duplicate guard off (Create Anyway)', ifExists: { ifExists: 'create' } },
	{ guards: 'the default guards', ifExists: {} },
];

describe.each(GUARDS)(`${ITEMS} Create Invoice items against a service limited to ${MAX_CONCURRENT} concurrent requests, $guards`, ({ ifExists }) => {
	test(`in rounds of ${MAX_CONCURRENT} (Loop Over Items before the node): 0 failures, every row created once, each success names its record`, async () => {
		const { items, rounds, invoices, stored } = await createInvoices(MAX_CONCURRENT, ifExists);
		// with its description: a 429 says there how often and how long the node waited ("Refused n times in ...")
		expect(items.filter((i) => i.error).map((i) => `${i.error?.message} ${i.error?.description ?? ''}`)).toEqual([]);
		expect(items.map((i) => i.json.invoice_no)).toEqual(rows.map((r) => r.no));
		expect(brokenInvariant(rounds, invoices)).toEqual([]);
		// the 5 requests of a round run at once: the service may store them in any order within the round
		expect([...stored].sort()).toEqual(rows.map((r) => r.no));
	}, LIMIT_MS);

	test('without batching, rate-limit waits off (Rate Limits > Longest Wait 0): every item is accounted for, and the service holds exactly the successes and the creates whose look was refused', async () => {
		const { items, stored } = await createInvoices(ITEMS, { ...ifExists, rateLimits: { longestWait: 0 } });
		const created = items.filter((i) => !i.error).map((i) => i.json.invoice_no as string);
		const failed = items.filter((i) => i.error);
		expect(items).toHaveLength(ITEMS);
		expect(created.length + failed.length).toBe(ITEMS);
		expect(failed.length).toBeGreaterThan(0);
		// each message names its row: the invoice number and the item. The guard's look for a twin after the create
		// may be refused too (Longest Wait 0 sends nothing again): that item fails saying its invoice was created
		const named = (i: (typeof items)[number]) => `Create Invoice "${String(rows[items.indexOf(i)].no)}" (item ${items.indexOf(i)})`;
		const refused = `(HTTP 429): Too many concurrent requests (limit ${MAX_CONCURRENT}); retry later.`;
		const lookRefused = (i: (typeof items)[number]) => i.error?.message === `${named(i)} was created; looking again for a twin made at the same moment failed ${refused}`;
		expect(failed.filter((i) => i.error?.message !== `${named(i)} failed ${refused}` && !lookRefused(i)).map((i) => i.error?.message)).toEqual([]);
		const createdThenRefused = failed.filter(lookRefused).map((i) => rows[items.indexOf(i)].no);
		expect([...stored].sort()).toEqual([...created, ...createdThenRefused].sort());
		// each output item belongs to its own input row
		items.forEach((item, index) => {
			if (!item.error) expect(item.json.invoice_no).toBe(rows[index].no);
		});
	}, LIMIT_MS);

});
