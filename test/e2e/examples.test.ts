import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { overdueInvoices, startSandbox, type Sandbox } from '../../tools/sandbox';
import { copyExampleData, exampleFiles, readExample, startResidentN8n } from '../../tools/scripts/n8n/harness';
import { nodeOutput } from '../../tools/scripts/n8n/n8n-cli';
import type { ResidentN8n } from '../../tools/scripts/n8n/resident';
import { withDataDir } from '../../tools/scripts/n8n/workflows';
import { withoutRepeatedReads } from '../engine/harness/corpus';
import { BY_NUMBER_WORKFLOW } from './workflows/by-number';

const API_KEY = 'e2e-key';

let sandbox: Sandbox;
/** n8n's CLI, started once for the file's imports and runs. */
let n8n: ResidentN8n;
let dataDir: string;
const ids: Record<string, string> = {};

/** A Get of an invoice the service does not have: the node's error as n8n records it. */
const MISSING_INVOICE = {
	id: 'e2e-missing-invoice',
	name: 'Get a missing invoice',
	nodes: [
		{ id: 'm1', name: 'Start Manually', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
		{
			id: 'm2',
			name: 'Get Invoice',
			type: 'n8n-nodes-invoicing.invoicing',
			typeVersion: 1,
			position: [220, 0] as [number, number],
			parameters: { resource: 'invoice', operation: 'get', invoiceId: { __rl: true, mode: 'id', value: 'no-such-invoice' } },
		},
	],
	connections: { 'Start Manually': { main: [[{ node: 'Get Invoice', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY });
	const filesRoot = mkdtempSync(join(tmpdir(), 'invoicing-files-'));
	dataDir = join(filesRoot, 'invoicing');
	mkdirSync(dataDir);
	copyExampleData(dataDir);
	const workflows = exampleFiles().map((file) => {
		const workflow = readExample(file);
		ids[file] = workflow.id;
		return withDataDir(workflow, dataDir);
	});
	workflows.push(MISSING_INVOICE, BY_NUMBER_WORKFLOW);
	({ n8n } = await startResidentN8n({ baseUrl: sandbox.url, apiKey: API_KEY, workflows, env: { N8N_RESTRICT_FILE_ACCESS_TO: filesRoot } }));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

describe('the package as installed by the README\'s manual route (npm install in ~/.n8n/nodes)', () => {
	test('n8n keeps the HTTP code and the service\'s answer of the node\'s errors (no second n8n-workflow beside the package)', async () => {
		const run = await n8n.execute(MISSING_INVOICE.id);
		expect(run.status).toBe('error');
		const error = run.data.resultData.runData['Get Invoice'][0].error as Record<string, unknown>;
		expect(error).toEqual(
			expect.objectContaining({
				message: 'Get Invoice "no-such-invoice" (item 0) failed (HTTP 404): Invoice with id "no-such-invoice" was not found.',
				description: 'No record has this ID: pick the record from the list, or check that it was not deleted.',
				httpCode: '404',
				errorResponse: { status: 'error', message: 'Invoice with id "no-such-invoice" was not found.' },
			}),
		);
	});
});

describe('example workflows inside real n8n', () => {
	test('1: invoice life cycle: create client, invoice with 3 items and tax, send, pay, get', async () => {
		sandbox.reset({ seed: 'empty' });
		const run = await n8n.execute(ids['1-invoice-lifecycle.json']);
		expect(run.status).toBe('success');
		const [created] = nodeOutput(run, 'Create Invoice');
		expect([created.sub_total, created.tax_amount, created.total]).toEqual([3239.88, 242.99, 3482.87]);
		// Send has no Email: it goes to the client's, and says so; each action outputs the invoice's new state
		expect(nodeOutput(run, 'Send Invoice')).toEqual([
			expect.objectContaining({
				success: true,
				id: created.id,
				message: 'Invoice was successfully sent.',
				email: 'billing@acme.example',
				email_source: 'client',
				payment_status: 'Not Paid',
				send_log: [expect.objectContaining({ email: 'billing@acme.example' })],
			}),
		]);
		expect(nodeOutput(run, 'Record Payment')).toEqual([
			expect.objectContaining({
				success: true,
				id: created.id,
				message: 'Invoice payment update was successful.',
				payment_status: 'Paid',
				amount_paid: 3482.87,
				outstanding_balance: 0,
			}),
		]);
		const [invoice] = nodeOutput(run, 'Get Invoice');
		expect(invoice).toMatchObject({ invoice_no: 'INV-2026-001', payment_status: 'Paid', amount_paid: '3482.87', outstanding_balance: '0.00', issue_date: today() });
		expect(invoice.payments).toEqual([expect.objectContaining({ status: 'success', amount: 3482.87, bank: 'Bank Transfer' })]);
		expect(invoice.send_log).toEqual([expect.objectContaining({ email: 'billing@acme.example' })]);
		expect((invoice.items as unknown[]).length).toBe(3);
		expect(sandbox.requests().every((r) => r.authorized && r.headers.authorization === 'Bearer ***')).toBe(true);
	});

	test('2: overdue reminders: exactly the overdue invoices are sent, to their clients', async () => {
		sandbox.reset({ seed: 'demo' });
		const before = sandbox.state();
		const overdue = overdueInvoices(before, today());
		expect(overdue.length).toBeGreaterThan(0);
		const run = await n8n.execute(ids['2-overdue-reminders.json']);
		expect(run.status).toBe('success');
		expect(nodeOutput(run, 'Send Reminder')).toHaveLength(overdue.length);
		const after = sandbox.state();
		for (const invoice of after.invoices) {
			const wasOverdue = overdue.some((o) => o.id === invoice.id);
			const client = after.clients.find((c) => c.id === invoice.customer_id);
			expect([invoice.invoice_no, invoice.send_log.map((s) => s.email)]).toEqual([invoice.invoice_no, wasOverdue ? [client?.email] : []]);
		}
	});

	test('3: spreadsheet sync: CSV rows become clients and invoices, totals land in a CSV report; a second run creates nothing', async () => {
		sandbox.reset({ seed: 'empty' });
		const run = await n8n.execute(ids['3-spreadsheet-sync.json']);
		expect(run.status).toBe('success');
		// n8n sends the rows' requests at once, so the service stores them in arrival order: compare as sets
		const state = sandbox.state();
		expect(state.clients.map((c) => [c.names, c.email]).sort()).toEqual([
			['Contoso Pharmacy', 'finance@contoso.example'],
			['Fabrikam Inc', 'billing@fabrikam.example'],
			['Northwind Traders', 'ap@northwind.example'],
		]);
		expect(state.invoices.map((i) => [i.invoice_no, i.customer_name, i.currency, i.tax_rate, i.due_date]).sort()).toEqual([
			['CP-2001', 'Contoso Pharmacy', 'EUR', 19, '2030-12-15'],
			['FB-3001', 'Fabrikam Inc', 'USD', 7.5, '2031-01-10'],
			['NW-1001', 'Northwind Traders', 'USD', 10, '2030-12-31'],
		]);
		const report = readFileSync(join(dataDir, 'invoice-report.csv'), 'utf8').trim().split('\n');
		expect(report).toEqual([
			'invoice_no,client,currency,sub_total,tax_amount,total,due_date',
			'NW-1001,Northwind Traders,USD,1250,125,1375,2030-12-31',
			'CP-2001,Contoso Pharmacy,EUR,600,114,714,2030-12-15',
			'FB-3001,Fabrikam Inc,USD,1193.75,89.53,1283.28,2031-01-10',
		]);
		// the next day's run of the same sheet: the duplicate guards find every client and invoice, nothing is created
		const again = await n8n.execute(ids['3-spreadsheet-sync.json']);
		expect(again.status).toBe('success');
		expect(nodeOutput(again, 'Create Client').map((c) => c.action)).toEqual(['existing', 'existing', 'existing']);
		expect(nodeOutput(again, 'Create Invoice').map((i) => [i.invoice_no, i.action])).toEqual([
			['NW-1001', 'existing'],
			['CP-2001', 'existing'],
			['FB-3001', 'existing'],
		]);
		expect(sandbox.state().clients).toHaveLength(3);
		expect(sandbox.state().invoices).toHaveLength(3);
	});

	test('4: estimate to invoice: Create From Estimate invoices the pending estimate with the next number and marks it accepted', async () => {
		sandbox.reset({ seed: 'demo' });
		const before = sandbox.state();
		const pending = before.estimates.find((e) => e.accepted === 'False');
		expect(pending).toBeDefined();
		const highest = Math.max(...before.invoices.map((i) => /^INV-(\d{4})$/.exec(i.invoice_no)?.[1]).filter(Boolean).map(Number));
		sandbox.clearRequests();
		const run = await n8n.execute(ids['4-estimate-to-invoice.json']);
		expect(run.status).toBe('success');
		const state = sandbox.state();
		expect(state.estimates.find((e) => e.id === pending?.id)?.accepted).toBe('True');
		const invoice = state.invoices.at(-1);
		expect(invoice).toMatchObject({
			invoice_no: `INV-${String(highest + 1).padStart(4, '0')}`,
			customer_id: pending?.customer_id,
			items: pending?.items,
			tax_rate: pending?.tax_rate,
			currency: pending?.currency,
			payment_status: 'Not Paid',
		});
		const [output] = nodeOutput(run, 'Create Invoice');
		expect([output.total, output.action, output.from_estimate]).toEqual([2160, 'created', { id: pending?.id, estimate_no: pending?.estimate_no }]);
		// the pending estimates, the estimate, the invoices (for the number), the invoice, the look at the numbers after
		// the write, the estimate marked accepted
		expect(withoutRepeatedReads(sandbox.requests()).map((r) => `${r.method} ${r.path.replace(/\/\d{10,}$/, '/{id}')}`)).toEqual([
			'GET /v1/estimate/all',
			'GET /v1/estimate/{id}',
			'GET /v1/invoice/all',
			'POST /v1/invoice/add',
			'GET /v1/invoice/all',
			'PUT /v1/estimate/{id}',
		]);
	});

	test('1 and 4 re-run three times: one invoice, one e-mail, one payment, status Paid; each estimate invoiced once', async () => {
		sandbox.reset({ seed: 'empty' });
		for (let run = 1; run <= 3; run++) {
			const again = await n8n.execute(ids['1-invoice-lifecycle.json']);
			expect(again.status).toBe('success');
			expect(nodeOutput(again, 'Create Invoice').map((i) => [i.action, i.payment_status])).toEqual([[run === 1 ? 'created' : 'existing', run === 1 ? 'Not Paid' : 'Paid']]);
			expect(nodeOutput(again, 'Record Payment')[0].skipped).toBe(run === 1 ? undefined : true);
		}
		const state = sandbox.state();
		expect(state.clients).toHaveLength(1);
		expect(state.invoices.map((i) => [i.invoice_no, i.payment_status, i.payments.length, i.send_log.length])).toEqual([['INV-2026-001', 'Paid', 1, 1]]);

		sandbox.reset({ seed: 'demo' });
		const before = sandbox.state();
		const invoicesBefore = before.invoices.length;
		for (let run = 1; run <= 3; run++) expect((await n8n.execute(ids['4-estimate-to-invoice.json'])).status).toBe('success');
		const after = sandbox.state();
		const accepted = after.estimates.filter((e) => e.accepted === 'True' && before.estimates.find((b) => b.id === e.id)?.accepted === 'False');
		const created = after.invoices.slice(invoicesBefore);
		expect(created.map((i) => [i.customer_id, i.items])).toEqual(accepted.map((e) => [e.customer_id, e.items]));
		expect(new Set(after.invoices.map((i) => `${i.customer_id} ${i.invoice_no}`)).size).toBe(after.invoices.length);
	});
});

describe('records by number and e-mail inside real n8n (issue 21)', () => {
	test('a saved workflow: Get Invoice By Number gives what By ID gives; client By E-mail in Get and Create; estimate By Number', async () => {
		sandbox.reset({ seed: 'demo' });
		const before = sandbox.state();
		const invoice = before.invoices.find((i) => i.invoice_no === 'INV-1002');
		const globex = before.clients.find((c) => c.email === 'ap@globex.example');
		const estimate = before.estimates.find((e) => e.estimate_no === 'EST-2002');
		sandbox.clearRequests();
		const run = await n8n.execute(BY_NUMBER_WORKFLOW.id);
		expect(run.status).toBe('success');
		const byNumber = nodeOutput(run, 'Get Invoice By Number');
		expect(byNumber).toEqual(nodeOutput(run, 'Get Invoice By ID'));
		expect(byNumber.map((i) => [i.id, i.invoice_no, i.customer_name])).toEqual([[invoice?.id, 'INV-1002', 'Globex Corporation']]);
		expect(nodeOutput(run, 'Get Client By E-mail').map((c) => [c.id, c.email])).toEqual([[globex?.id, 'ap@globex.example']]);
		expect(nodeOutput(run, 'Create Invoice By E-mail').map((i) => [i.invoice_no, i.customer_id, i.action])).toEqual([['INV-E2E-EMAIL', globex?.id, 'created']]);
		expect(nodeOutput(run, 'Get Estimate By Number').map((e) => [e.id, e.estimate_no])).toEqual([[estimate?.id, 'EST-2002']]);
		expect(sandbox.state().invoices.filter((i) => i.invoice_no === 'INV-E2E-EMAIL').map((i) => i.customer_id)).toEqual([globex?.id]);
		// each number or e-mail cost one read of its list; Create Invoice's guard reads the invoice list (one book, one number)
		const listReads = sandbox.requests().filter((r) => r.method === 'GET' && r.path.endsWith('/all')).map((r) => r.path);
		expect(listReads).toEqual(['/v1/invoice/all', '/v1/client/all', '/v1/client/all', '/v1/invoice/all', '/v1/estimate/all']);
	});

	test('7: bank export: each payment recorded once By Number, the unknown numbers to the error output, also on a second run', async () => {
		sandbox.reset({ seed: 'demo' });
		const invoices = () => Object.fromEntries(sandbox.state().invoices.map((i) => [i.invoice_no, i]));
		const before = invoices();
		// n8n keeps only the error's message in an error-output item: it names the number and the row
		const unmatched = [
			{ error: 'Record Payment Invoice "INV-0998" (item 1): No invoice has the number "INV-0998"' },
			{ error: 'Record Payment Invoice "INV-2041" (item 5): No invoice has the number "INV-2041"' },
		];
		for (const round of [1, 2]) {
			sandbox.clearRequests();
			const run = await n8n.execute(ids['7-bank-export-payments.json']);
			expect(run.data.resultData.error?.message).toBeUndefined();
			expect(run.status).toBe('success');
			// run 1 pays INV-1002 and 1004 in full and part of INV-1003; INV-1001 was Paid already; run 2 finds every
			// payment recorded and pays nothing
			expect(nodeOutput(run, 'Record Payment').map((p) => [p.invoice_no, p.payment_status, p.skipped === true])).toEqual([
				['INV-1002', 'Paid', round === 2],
				['INV-1003', 'Not Paid', round === 2],
				['INV-1001', 'Paid', true],
				['INV-1004', 'Paid', round === 2],
			]);
			expect(nodeOutput(run, 'Record Payment', 'main', 1)).toEqual(unmatched);
			const payments = sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/v1/invoice/record-payment');
			expect(payments.map((r) => r.body).sort((a, b) => String(a?.id).localeCompare(String(b?.id)))).toEqual(
				round === 2
					? []
					: [
							{ id: before['INV-1002'].id, payment_date: '2026-11-20', amount_paid: '2340', payment_method: 'Bank Transfer' },
							{ id: before['INV-1003'].id, payment_date: '2026-11-21', amount_paid: '300', payment_method: 'Bank Transfer' },
							{ id: before['INV-1004'].id, payment_date: '2026-11-23', amount_paid: '1500', payment_method: 'Bank Transfer' },
						].sort((a, b) => a.id.localeCompare(b.id)),
			);
			// each row as the bank gave it, beside the reason
			expect(readFileSync(join(dataDir, 'payments-to-check.csv'), 'utf8').trim().split('\n')).toEqual([
				'number,amount,payer,date,reason',
				'INV-0998,120.00,Hooli Europe,2026-11-20,"Record Payment Invoice ""INV-0998"" (item 1): No invoice has the number ""INV-0998"""',
				'INV-2041,80.50,Stark Industries,2026-11-23,"Record Payment Invoice ""INV-2041"" (item 5): No invoice has the number ""INV-2041"""',
			]);
		}
		const after = invoices();
		expect(['INV-1001', 'INV-1002', 'INV-1003', 'INV-1004'].map((no) => [no, after[no].payment_status, after[no].payments.slice(before[no].payments.length).map((p) => p.amount)])).toEqual([
			['INV-1001', 'Paid', []],
			['INV-1002', 'Paid', [2340]],
			['INV-1003', 'Not Paid', [300]],
			['INV-1004', 'Paid', [1500]],
		]);
	});

	test('7 across days: the same bank export imported again a simulated day later records nothing again (Repeat Window 31 days)', async () => {
		sandbox.reset({ seed: 'demo' });
		const before = sandbox.state();
		expect((await n8n.execute(ids['7-bank-export-payments.json'])).status).toBe('success');
		// the next day: every payment the first import recorded is a day old, as the guard reads the service's timestamps
		const state = sandbox.state();
		const dayEarlier = (timestamp: string) =>
			new Date(Date.parse(`${timestamp.replace(' ', 'T')}Z`) - 24 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
		sandbox.load({ ...state, invoices: state.invoices.map((i) => ({ ...i, payments: i.payments.map((p) => ({ ...p, created_at: dayEarlier(p.created_at) })) })) });
		sandbox.clearRequests();
		const nextDay = await n8n.execute(ids['7-bank-export-payments.json']);
		expect(nextDay.status).toBe('success');
		expect(nodeOutput(nextDay, 'Record Payment').map((p) => [p.invoice_no, p.skipped, String(p.message).replace(/ at .* UTC \(reference \S+\)/, '')])).toEqual([
			['INV-1002', true, 'Not recorded: the invoice "INV-1002" is already Paid.'],
			['INV-1003', true, 'Not recorded again: a payment of 300.00 by Bank Transfer was recorded on the invoice "INV-1003", within the last 44640 minutes.'],
			['INV-1001', true, 'Not recorded: the invoice "INV-1001" is already Paid.'],
			['INV-1004', true, 'Not recorded: the invoice "INV-1004" is already Paid.'],
		]);
		expect(sandbox.requests().filter((r) => r.method === 'POST')).toEqual([]);
		const count = (book: typeof before) => Object.fromEntries(book.invoices.map((i) => [i.invoice_no, i.payments.length]));
		const was = count(before);
		expect(count(sandbox.state())).toEqual({ ...was, 'INV-1002': was['INV-1002'] + 1, 'INV-1003': was['INV-1003'] + 1, 'INV-1004': was['INV-1004'] + 1 });
	});
});

describe('example 8: monthly retainer invoices', () => {
	test('run twice in the same month: the next numbers of the RET- sequence, each invoice sent; the second run makes and sends nothing', async () => {
		sandbox.reset({ seed: 'demo' });
		const clients = Object.fromEntries(sandbox.state().clients.map((c) => [c.email, c.id]));
		const now = new Date();
		const today = now.toISOString().slice(0, 10);
		const label = now.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
		for (const round of [1, 2]) {
			sandbox.clearRequests();
			const run = await n8n.execute(ids['8-monthly-retainers.json']);
			expect(run.status).toBe('success');
			expect(nodeOutput(run, 'Create Invoice').map((i) => [i.invoice_no, i.customer_id, i.issue_date, i.total, i.action])).toEqual([
				['RET-0001', clients['billing@acme.example'], today, 1200, round === 1 ? 'created' : 'existing'],
				['RET-0002', clients['accounts@initech.example'], today, 450.5, round === 1 ? 'created' : 'existing'],
			]);
			expect(nodeOutput(run, 'Send Invoice').map((s) => [s.invoice_no, s.email, s.skipped === true])).toEqual([
				['RET-0001', 'billing@acme.example', round === 2],
				['RET-0002', 'accounts@initech.example', round === 2],
			]);
			const writes = sandbox.requests().filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
			expect(writes).toEqual(round === 1 ? ['POST /v1/invoice/add', 'POST /v1/invoice/add', 'POST /v1/invoice/send', 'POST /v1/invoice/send'] : []);
		}
		// the two creates go at once: the service stores them in the order they arrive, the numbers follow the rows
		const made = sandbox.state().invoices.filter((i) => i.invoice_no.startsWith('RET-')).sort((a, b) => a.invoice_no.localeCompare(b.invoice_no));
		expect(made.map((i) => [i.invoice_no, i.items, i.send_log.length])).toEqual([
			['RET-0001', [{ description: `Support retainer, ${label}`, quantity: 1, rate: 1200 }], 1],
			['RET-0002', [{ description: `Hosting and maintenance, ${label}`, quantity: 1, rate: 450.5 }], 1],
		]);
	});
});

