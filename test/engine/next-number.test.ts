import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { todayIn } from '../../nodes/shared/dates';

import { bulkBook } from '../../tools/sandbox';
import { byId, form, useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

const ctx = useEngineFixture();

async function createClient(names = 'Globex'): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names });
	return (body.data as IDataObject[])[0].id as string;
}

async function addInvoice(client: string, invoiceNo: string, rate = 10): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: invoiceNo, payment_status: 'Not Paid', items: [{ description: 'Old', quantity: 1, rate }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

/** Create Invoice with Next in Sequence (INV- and 4 digits), one row per input item: its client, line and issue date. */
const nextInvoice = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	numbering: 'next',
	numberPrefix: 'INV-',
	numberDigits: 4,
	client: byId('={{ $json.client }}'),
	paymentStatus: 'Not Paid',
	itemsMode: 'json',
	itemsJson: '={{ [{ description: $json.line, quantity: 1, rate: $json.rate }] }}',
	additionalFields: { issueDate: '2026-01-15' },
	...extra,
});

const rows = (client: string, lines: string[], rate = 100) => lines.map((line) => ({ client, line, rate }));

const numbers = () => ctx.sandbox.state().invoices.map((invoice) => invoice.invoice_no);
const methods = () => ctx.sent().map((r) => `${r.method} ${r.path.replace(/\/\d{10,}$/, '/{id}')}`);
const count = (list: string[]) => list.reduce<Record<string, number>>((counts, entry) => ({ ...counts, [entry]: (counts[entry] ?? 0) + 1 }), {});

describe('Next in Sequence through the n8n engine', () => {
	test('one list read; the highest number of the pattern plus one, in item order; numbers off the pattern are ignored, not misread', async () => {
		const client = await createClient();
		const other = await createClient('Initech');
		await addInvoice(client, 'INV-0007');
		await addInvoice(other, 'INV-0041');
		// not the pattern: too few digits, a padded fifth digit, a suffix, another prefix, lower case
		for (const number of ['INV-950', 'INV-00099', 'INV-0100a', 'EST-0500', 'inv-0600']) await addInvoice(client, number);
		const result = await ctx.run(nextInvoice(), { items: rows(client, ['Design', 'Build', 'Host']) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.invoice_no, i.json.action, (i.json.items as IDataObject[])[0].description])).toEqual([
			['INV-0042', 'created', 'Design'],
			['INV-0043', 'created', 'Build'],
			['INV-0044', 'created', 'Host'],
		]);
		expect(methods()).toEqual(['GET /v1/invoice/all', 'POST /v1/invoice/add', 'POST /v1/invoice/add', 'POST /v1/invoice/add', 'GET /v1/invoice/all']);
		expect(ctx.sent()[1].rawBody).toBe(
			form([
				['client', client],
				['invoice_no', 'INV-0042'],
				['payment_status', 'Not Paid'],
				['issue_date', '2026-01-15'],
				['items[0][description]', 'Design'],
				['items[0][quantity]', '1'],
				['items[0][rate]', '100'],
			]),
		);
	});

	test('a re-run x3 matches each row on its content (client, issue date, items, amounts) and makes nothing new', async () => {
		const client = await createClient();
		const first = await ctx.run(nextInvoice(), { items: rows(client, ['Design', 'Build']) });
		const reread = await ctx.run(nextInvoice(), { items: rows(client, ['Design']) });
		// the item opens with what happened and, when found, why (issue 35)
		expect(Object.entries(reread.items[0].json).slice(0, 2)).toEqual([
			['action', 'existing'],
			[
				'action_reason',
				`Found, not created: the invoice "INV-0001" (id ${first.items[0].json.id as string}) has the same client, issue date, line items and amounts (Numbering: Next in Sequence)`,
			],
		]);
		expect(first.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
			['INV-0001', 'created'],
			['INV-0002', 'created'],
		]);
		for (let run = 0; run < 3; run++) {
			const again = await ctx.run(nextInvoice(), { items: rows(client, ['Design', 'Build']) });
			expect(again.error?.message).toBeUndefined();
			expect(again.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
				['INV-0001', 'existing'],
				['INV-0002', 'existing'],
			]);
			// the list, each candidate's line items, then each row's invoice as its output
			expect(count(methods())).toEqual({ 'GET /v1/invoice/all': 1, 'GET /v1/invoice/{id}': 4 });
		}
		// another amount, another day: new invoices, the next numbers
		const other = await ctx.run(nextInvoice(), { items: [...rows(client, ['Design'], 120), ...rows(client, ['Build'])] });
		expect(other.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
			['INV-0003', 'created'],
			['INV-0002', 'existing'],
		]);
		expect(numbers()).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
	});

	test('identical rows are counted, not merged: two equal orders in one run are two invoices, a re-run finds both; If Already Exists "Error" names the match', async () => {
		const client = await createClient();
		const input = rows(client, ['Design', 'Design', 'Build']);
		const result = await ctx.run(nextInvoice(), { items: input });
		expect(result.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
			['INV-0001', 'created'],
			['INV-0002', 'created'],
			['INV-0003', 'created'],
		]);
		expect(numbers()).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
		const again = await ctx.run(nextInvoice(), { items: input });
		expect(again.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
			['INV-0001', 'existing'],
			['INV-0002', 'existing'],
			['INV-0003', 'existing'],
		]);
		// a third equal order joins the two: one more invoice, the two found
		const more = await ctx.run(nextInvoice(), { items: rows(client, ['Design', 'Design', 'Design']) });
		expect(more.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([
			['INV-0001', 'existing'],
			['INV-0002', 'existing'],
			['INV-0004', 'created'],
		]);
		const refused = await ctx.run(nextInvoice({ ifExists: 'error' }), { items: rows(client, ['Build']), continueOnFail: true });
		expect(refused.items.map((i) => i.json.error)).toEqual([
			expect.stringMatching(/^Create Invoice \(item 0\): Same client, issue date, line items and amounts as the invoice "INV-0003" \(id \d+\): not created again$/),
		]);
	});

	test('an empty Number Prefix is refused before anything is sent, naming the field (no silent "0001", issue 35)', async () => {
		const client = await createClient();
		for (const prefix of ['', '  ']) {
			const result = await ctx.run(nextInvoice({ numberPrefix: prefix }), { items: rows(client, ['Design']) });
			expect(result.error?.message).toBe(
				'Create Invoice (item 0): "Number Prefix" is required with Numbering "Next in Sequence": enter the text before the digits',
			);
			expect(result.error?.description).toBe(
				'For example INV- for invoices (INV-0001, INV-0002, ...) or EST- for estimates. Numbers without a prefix would be "0001", "0002", ...',
			);
			expect(ctx.sent()).toEqual([]);
		}
		expect(numbers()).toEqual([]);
	});

	test('after a delete of the highest number, its number is given again', async () => {
		const client = await createClient();
		await ctx.run(nextInvoice(), { items: rows(client, ['Design', 'Build']) });
		const highest = ctx.sandbox.state().invoices.find((invoice) => invoice.invoice_no === 'INV-0002');
		await ctx.api('DELETE', `/invoice/${highest?.id as string}`);
		const result = await ctx.run(nextInvoice(), { items: rows(client, ['Host']) });
		expect(result.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([['INV-0002', 'created']]);
	});

	test('a row that fails its checks takes no number: the others stay consecutive, in item order', async () => {
		const client = await createClient();
		const result = await ctx.run(nextInvoice(), {
			items: [...rows(client, ['Design']), { client, line: 'Bad', rate: 'ten' }, ...rows(client, ['Host'])],
			continueOnFail: true,
		});
		expect(result.items.map((i) => i.json.invoice_no ?? i.json.error)).toEqual([
			'INV-0001',
			expect.stringContaining('Create Invoice (item 1): Line item 0 (of 1, counting from 0): "rate" must be a number'),
			'INV-0002',
		]);
	});

	test('Create Estimate and Create From Estimate take the next number of their own pattern', async () => {
		const client = await createClient();
		await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-0009', items: [{ description: 'Audit', quantity: 1, rate: 50 }] });
		const estimate = await ctx.run({
			resource: 'estimate',
			operation: 'create',
			numbering: 'next',
			numberPrefix: 'EST-',
			numberDigits: 4,
			client: byId(client),
			itemsMode: 'json',
			itemsJson: '[{"description":"Audit","quantity":2,"rate":50}]',
		});
		expect(estimate.items.map((i) => [i.json.estimate_no, i.json.reference_no, i.json.action])).toEqual([['EST-0010', 'EST-0010', 'created']]);
		await addInvoice(client, 'F-000041');
		const parameters: INodeParameters = {
			resource: 'invoice',
			operation: 'createFromEstimate',
			numbering: 'next',
			numberPrefix: 'F-',
			numberDigits: 6,
			fromEstimate: byId(estimate.items[0].json.id as string),
		};
		const invoice = await ctx.run(parameters);
		expect(invoice.items.map((i) => [i.json.invoice_no, i.json.action, i.json.from_estimate])).toEqual([
			['F-000042', 'created', { id: estimate.items[0].json.id, estimate_no: 'EST-0010' }],
		]);
		const again = await ctx.run(parameters);
		expect(again.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual([['F-000042', 'existing']]);
	});

	test('two runs at the same moment in two processes pick the same number: after its write, the later invoice gets the next free one', async () => {
		const client = await createClient();
		await addInvoice(client, 'INV-0041');
		// each request takes 300 ms: both runs read the list before either writes
		ctx.sandbox.setLimits({ serviceTimeMs: 300 });
		try {
			const first = ctx.run(nextInvoice(), { items: rows(client, ['Design']) });
			for (let polls = 0; polls < 200 && ctx.sandbox.requests().length === 0; polls++) await new Promise((resolve) => setTimeout(resolve, 5));
			const second = runNodeBeside(nextInvoice(), rows(client, ['Build']), 1);
			const [a, b] = await Promise.all([first, second]);
			expect([a.error, b.error]).toEqual([undefined, undefined]);
			expect([a.items[0].json.invoice_no, a.items[0].json.renumbered_from]).toEqual(['INV-0042', undefined]);
			expect([b.items[0].json.invoice_no, b.items[0].json.renumbered_from]).toEqual(['INV-0043', 'INV-0042']);
		} finally {
			ctx.sandbox.setLimits({});
		}
		const state = ctx.sandbox.state().invoices;
		expect(state.map((invoice) => [invoice.invoice_no, invoice.items[0].description])).toEqual([
			['INV-0041', 'Old'],
			['INV-0042', 'Design'],
			['INV-0043', 'Build'],
		]);
		// the second run's writes: its POST with the number both picked, then the PUT that moved it
		const writes = ctx.sandbox.requests().filter((r) => r.method !== 'GET').map((r) => [r.method, r.body?.invoice_no]);
		expect(writes).toEqual([
			['POST', 'INV-0042'],
			['POST', 'INV-0042'],
			['PUT', 'INV-0043'],
		]);
	});

	test('a book of 10,000 invoices: 500 new rows get 500 consecutive numbers with one list read; again: none; 500 others: the next 500', async () => {
		// bounded: 3 runs of 500 items
		ctx.sandbox.load(bulkBook({ clients: 20, invoices: 10_000 }, '2026-01-15 10:00:00', () => 'Not Paid'));
		const clients = [...new Set(ctx.sandbox.state().invoices.map((invoice) => invoice.customer_id))];
		const book = (from: number) => Array.from({ length: 500 }, (_, i) => ({ client: clients[i % clients.length], line: `Retainer ${from + i}`, rate: 100 + from + i }));
		const first = await ctx.run(nextInvoice(), { items: book(0) });
		expect(first.error).toBeUndefined();
		const expected = (from: number) => Array.from({ length: 500 }, (_, i) => `INV-${String(from + i).padStart(4, '0')}`);
		expect(first.items.map((i) => i.json.invoice_no)).toEqual(expected(1));
		expect(count(methods())).toEqual({ 'GET /v1/invoice/all': 2, 'POST /v1/invoice/add': 500 });

		const again = await ctx.run(nextInvoice(), { items: book(0) });
		expect(again.items.map((i) => [i.json.invoice_no, i.json.action])).toEqual(expected(1).map((number) => [number, 'existing']));
		// 1,001 requests: the list, each match's line items, each row's invoice as its output; the sandbox's log keeps
		// the last 1,000, so the list read at the start has left it: what counts is that nothing was written
		expect(count(methods())).toEqual({ 'GET /v1/invoice/{id}': 1000 });
		expect(ctx.sandbox.state().invoices).toHaveLength(10_500);

		const others = await ctx.run(nextInvoice(), { items: book(500) });
		expect(others.items.map((i) => i.json.invoice_no)).toEqual(expected(501));
		expect(count(methods())).toEqual({ 'GET /v1/invoice/all': 2, 'POST /v1/invoice/add': 500 });
		const made = numbers().filter((number) => number.startsWith('INV-'));
		expect([made.length, new Set(made).size]).toEqual([1000, 1000]);
	}, 180_000);
});

/** A second run of the node while the first is in flight (another execution, as on a second queue worker). */
/** `worker`: the n8n process that runs it (0 this one; see createNodeTypes). */
function runNodeBeside(parameters: INodeParameters, items: IDataObject[], worker = 0) {
	// not ctx.run, which empties the request log the first run is writing to
	return runNode({ credentials: ctx.credentials, parameters, items, worker });
}

describe("example 8's Create Invoice (examples/8-monthly-retainers.json) through the n8n engine", () => {
	test('the rows of retainers.csv: RET-0001 and RET-0002 issued the day it runs, due 14 days later, keyed on the month; the same month again: nothing new', async () => {
		const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', '8-monthly-retainers.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: INodeParameters }> };
		const parameters = example.nodes.find((node) => node.name === 'Create Invoice')?.parameters as INodeParameters;
		const [header, ...lines] = readFileSync(join(__dirname, '..', '..', 'examples', 'data', 'retainers.csv'), 'utf8').trim().split('\n');
		const retainers = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [header.split(',')[i], value])));
		const clients: Record<string, string> = {};
		for (const row of retainers) clients[row.email] = (((await ctx.api('POST', '/client/add', { names: row.email, email: row.email })).data as IDataObject[])[0].id as string);
		const today = todayIn('UTC');
		const key = `Retainer ${today.slice(0, 7)}`;
		const inTwoWeeks = new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
		for (const round of ['created', 'existing']) {
			const run = await ctx.run(parameters, { items: retainers });
			expect(run.error).toBeUndefined();
			expect(run.items.map((i) => [i.json.invoice_no, i.json.customer_id, i.json.issue_date, i.json.total, i.json.action, i.json.rerun_key])).toEqual([
				['RET-0001', clients['billing@acme.example'], today, 1200, round, key],
				['RET-0002', clients['accounts@initech.example'], today, 450.5, round, key],
			]);
			if (round === 'existing') expect(run.items.map((i) => i.json.matched_by)).toEqual(['key', 'key']);
			expect(ctx.sent().filter((r) => r.method === 'POST')).toHaveLength(round === 'created' ? 2 : 0);
			// due 14 days after it is issued, whatever day of the month it runs
			if (round === 'created') expect(run.items.map((i) => i.json.due_date)).toEqual([inTwoWeeks, inTwoWeeks]);
		}
	});
});
