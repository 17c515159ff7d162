import type { IDataObject } from 'n8n-workflow';

import { byId, useEngineFixture } from '../engine/fixture';

/**
 * Counter-examples the generated scenarios found, shrunk and written out as plain engine tests, each named by the
 * behaviour it pins. Bugs 1, 3 and 4 below (a turn released by time, pauses longer than the wait, unreadable
 * Retry-After), an empty Invoice Number filter and rows of one key in overlapping batches were `test.failing` until
 * they were fixed (the rate gate and the guards' turns rewritten, empty filters refused, turns per execution).
 */
const ctx = useEngineFixture({ deterministic: false });
beforeEach(() => ctx.sandbox.clearFaults());

const REFUSED = 'Too many requests; retry later.';
const log = () => ctx.sandbox.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

describe('guards and 429s', () => {
	// Bug (1), "a guard's turn released by time while the holder's 429 resend is still in flight": five rows
	// "Client 1", time-out 300 ms, 2 refusals of any request then 3 of the create, no Retry-After, gave two clients
	// in about one run of three, too rarely for a test.failing. This shape of it, without chance, must keep holding.
	test('two rows "Acme", time-out 1.5 s: the create refused (Retry-After 1), its resend answered after 1 s: one client', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '1', method: 'POST', path: '/v1/client/add' });
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 1_000, method: 'POST', path: '/v1/client/add' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', requestOptions: { timeout: 1_500 } },
			{ items: [{ name: 'Acme' }, { name: 'Acme' }] },
		);
		expect(result.error).toBeUndefined();
		expect(log()).toEqual(['GET /v1/client/all 200', 'POST /v1/client/add 429', 'POST /v1/client/add 200', 'GET /v1/client/all 200', `GET /v1/client/${String(result.items[0]?.json.id)} 200`]);
		expect(result.items.map((item) => [item.json.names, item.json.action])).toEqual([
			['Acme', 'created'],
			['Acme', 'existing'],
		]);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
	});
});

describe('a failed lookup shared by several rows', () => {
	// Shrunk by hand to two rows: the rows of a run share one read of the list; when it
	// failed, every row waiting for it failed with the error of the row that made the read ("(item 1)" on row 2),
	// and none tried again. Each waiting row now reads once itself: its error names its own row, or it goes on.
	test('two new clients, Continue On Fail, the shared GET /client/all answered 503: row 1 fails naming row 1, row 2 reads again and is created', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 503, message: 'Simulated failure.', method: 'GET', path: '/v1/client/all' });
		const result = await ctx.run({ resource: 'client', operation: 'create', names: '={{ $json.name }}' }, { items: [{ name: 'Acme' }, { name: 'Beta' }], continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.error ?? [item.json.names, item.json.action])).toEqual([
			'Create Client "Acme" (item 0), reading /client/all first (nothing written), failed (HTTP 503): Simulated failure.',
			['Beta', 'created'],
		]);
		expect(log()).toEqual(['GET /v1/client/all 503', 'GET /v1/client/all 200', 'POST /v1/client/add 200', 'GET /v1/client/all 200']);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Beta']);
	});
});

describe('an unanswered write, then rows with the same key', () => {
	// Shrunk by hand (no batching, three rows): row 1's create got a 502 (before the
	// service applied it; the node rightly says it may have), so rows 2 and 3 wait out the settle time, looking
	// for it. Row 2 holds the key's turn the whole time, longer than the time-out: the turn is released by time
	// (as in bug 1) and row 3 looks and waits too; both find nothing and both create the client.
	test('Create or Update Client, three rows "Acme", time-out 300 ms, the first create answered 502: one client', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 502, message: 'Simulated failure.', method: 'POST', path: '/v1/client/add' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'upsert', names: '={{ $json.name }}', requestOptions: { timeout: 300 } },
			{ items: [{ name: 'Acme' }, { name: 'Acme' }, { name: 'Acme' }], continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.error ?? [item.json.names, item.json.action])).toEqual([
			'Create or Update Client "Acme" (item 0) failed (HTTP 502): Simulated failure. (the service may have applied it)',
			['Acme', 'created'],
			['Acme', 'updated'],
		]);
		expect(log().filter((line) => line.startsWith('POST'))).toEqual(['POST /v1/client/add 502', 'POST /v1/client/add 200']);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
	});
});

describe('an unanswered write, then a slow write, then rows with the same key', () => {
	// Shrunk by hand to three rows, two faults: row 1's create answered 500 (not
	// applied; the node rightly says it may have been), rows 2 and 3 wait out the settle time, looking every
	// quarter of the time-out; row 2 then writes (slowly, 700 ms) and row 3, whose last look came before that
	// write, writes too when row 2's answer arrives, without looking again. Seen: 3 invoices INV-1 from 5 rows.
	test('Create Invoice, three rows INV-1, time-out 1.4 s, the first create answered 500, the next one slow: one invoice', async () => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as Array<{ id: string }>)[0].id;
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'Simulated failure.', method: 'POST', path: '/v1/invoice/add' });
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 700, method: 'POST', path: '/v1/invoice/add' });
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'create',
				client: { __rl: true, mode: 'id', value: client },
				invoiceNo: 'INV-1',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
				requestOptions: { timeout: 1_400 },
			},
			{ items: [{}, {}, {}], continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.error ?? item.json.action)).toEqual([
			'Create Invoice "INV-1" (item 0) failed (HTTP 500): Simulated failure. (the service may have applied it)',
			'created',
			'existing',
		]);
		expect(ctx.sandbox.state().invoices.map((i) => i.invoice_no)).toEqual(['INV-1']);
	});
});

describe('Retry-After that cannot be read', () => {
	// Retry-After drawn from "a 1", "Mon 5", "soon", "-1", "1.5", "x"; bug (4): text such as
	// "a 1" or "Mon 5" is read as a date already past, so the node sends again at once instead of backing off as
	// it does without the header (0.25 s, halved at most by the jitter).
	test.each(['a 1', 'Mon 5'])('Retry-After "%s" counts as no header: the create is sent again after a back-off of at least 125 ms', async (retryAfter) => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter, method: 'POST', path: '/v1/client/add' });
		const result = await ctx.run({ resource: 'client', operation: 'create', names: 'Acme', ifExists: 'create', requestOptions: { timeout: 3_000 } });
		expect(result.error).toBeUndefined();
		const posts = ctx.sandbox.requests().filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.status)).toEqual([429, 200]);
		expect(posts[1].receivedAt - posts[0].receivedAt).toBeGreaterThanOrEqual(125);
	});
});

describe('Get Many filters', () => {
	// An Invoice Number filter left empty
	// (or only spaces) lists every invoice. Whatever the fix (refused, or nothing listed), nothing it lists may
	// have another number.
	test.each(['', ' '])('Invoice Number filter "%s" lists no invoice with another number (refused naming the filter)', async (invoiceNo) => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as Array<{ id: string }>)[0].id;
		for (const number of ['INV-1', 'INV-2']) {
			await ctx.api('POST', '/invoice/add', { client, invoice_no: number, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
		}
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { invoiceNo } });
		expect(result.error?.message).toBe('Get Many Invoices (item 0): "Invoice Number" filter is empty: give it a value, or remove it from Filters');
		expect(result.items.map((item) => item.json.invoice_no)).toEqual([]);
	});
});

describe('a Retry-After longer than Longest Wait, then rows with the same key', () => {
	// Shrunk by hand to three rows for one number, one fault: the guard's first read
	// is refused asking for 120 s, more than the wait allowed (Longest Wait 2 s, time-out 1 s): row 1 fails
	// with it, rightly. Bug (3): the rows waiting behind the pause all go when their wait is over; known
	// bug (1): meanwhile their turns on the number were released by time, so they write one after another
	// without seeing each other. Seen in the scenario: 7 invoices INV-1 for one client.
	test('Create or Update Invoice, three rows INV-1, the first read refused with Retry-After 120: no invoice, every row says nothing was written', async () => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as Array<{ id: string }>)[0].id;
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '120', method: 'GET', path: '/v1/invoice/all' });
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'upsert',
				client: { __rl: true, mode: 'id', value: client },
				invoiceNo: 'INV-1',
				itemsMode: 'define',
				items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
				rateLimits: { longestWait: 2 },
				requestOptions: { timeout: 1_000 },
			},
			{ items: [{}, {}, {}], continueOnFail: true },
		);
		expect(result.items[0].json.error).toBe(`Create or Update Invoice "INV-1" (item 0), reading /invoice/all first (nothing written), failed (HTTP 429): ${REFUSED}`);
		// since the lead's rate gate (issue 30): the rows behind a pause longer than they may wait are not sent
		const notSent = (row: number) =>
			`Create or Update Invoice "INV-1" (item ${row}), reading /invoice/all first (nothing written), failed (HTTP 429): Not sent: the service asked to wait 120 s after refusing an earlier request, longer than the node waits (at most 1 s in all).`;
		expect(result.items.slice(1).map((item) => item.json.error ?? item.json.action)).toEqual([notSent(1), notSent(2)]);
		expect(log()).toEqual(['GET /v1/invoice/all 429']);
		expect(ctx.sandbox.state().invoices).toEqual([]);
	});
});

describe('liveness', () => {
	async function newInvoice(number: string): Promise<string> {
		const client = ((await ctx.api('POST', '/client/add', { names: `Client of ${number}` })).data as Array<{ id: string }>)[0].id;
		const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: number, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
		return (body.invoice as Array<{ id: string }>)[0].id;
	}

	// Shrunk by hand: two payments refused asking for 120 s, more than the wait allowed
	// (time-out 1.5 s): those rows fail, rightly; the other rows record their payments, then their reads after the
	// write wait behind the 120 s pause: the run had not ended after 60 s (bug 3's family: a pause longer
	// than Longest Wait holds the rows that did not ask for it).
	// Here with Retry-After 20 (the scenario's 120 would keep the test's run going for 2 minutes after it fails).
	test('Record Payment, four rows on two invoices, two payments refused with Retry-After 20 (time-out 1.5 s): the run ends within 12 s', async () => {
		const invoices = [await newInvoice('INV-1'), await newInvoice('INV-2')];
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '20', method: 'POST', path: '/v1/invoice/record-payment', count: 2 });
		const run = ctx.run(
			{
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: { __rl: true, mode: 'id', value: '={{ $json.invoice }}' },
				paymentDate: '2026-01-15',
				amountPaid: '={{ $json.amount }}',
				requestOptions: { timeout: 1_500 },
			},
			{ items: [0, 1, 0, 1].map((i, row) => ({ invoice: invoices[i], amount: 10 + row })), continueOnFail: true },
		);
		const ended = await Promise.race([run.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000))]);
		expect(ended).toBe('ended');
	}, 30_000);

	// Across two processes: a payment refused with 429 (Longest Wait 0) while the same payment of
	// another process landed became a skip (after-action), and that new decision dropped the row's turn on the
	// invoice: the next row on it waited for ever. Here the service applies the payment and answers 429, which is
	// what the node sees in that case (a payment like its own it had not seen, its own refused). Before the fix
	// the run never ended (caught by the test's time-out).
	test('Record Payment, two rows on one invoice, the first payment answered 429 beside a payment like it: the run ends, the second row has its turn', async () => {
		const invoice = await newInvoice('INV-1');
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, method: 'POST', path: '/v1/invoice/record-payment', when: 'after' });
		const result = await ctx.run(
			{
				resource: 'invoice',
				operation: 'recordPayment',
				invoiceId: { __rl: true, mode: 'id', value: '={{ $json.invoice }}' },
				paymentDate: '2026-01-15',
				amountPaid: 10,
				rateLimits: { longestWait: 0 },
			},
			{ items: [{ invoice }, { invoice }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.skipped, String(item.json.message).split(':')[0]])).toEqual([
			[true, 'Not recorded here'],
			[true, 'Not recorded again'],
		]);
		expect(log().filter((line) => line.startsWith('POST'))).toEqual(['POST /v1/invoice/record-payment 429']);
	}, 20_000);
});

describe('reads after a write wait no longer than the time-out', () => {
	// Create or Update Client, rows over two e-mails, one create
	// refused with Retry-After 120 (time-out 1.3 s). The look for a twin after the other create, and the reads of
	// the record's new state after a write, took n8n's default time-out (300 s) instead of the request's, so they
	// sat out the 120 s pause: the run had not ended after 60 s.
	test('Create or Update Client, 4 rows over 2 e-mails, one create refused for 120 s, time-out 1.3 s: the run ends, nothing sent inside the pause', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '120', method: 'POST', path: '/v1/client/add' });
		const run = ctx.run(
			{ resource: 'client', operation: 'upsert', names: '={{ $json.name }}', additionalFields: { email: '={{ $json.email }}' }, requestOptions: { timeout: 1_300 } },
			{ items: ['a', 'a', 'b', 'b'].map((who) => ({ name: `Client ${who}`, email: `${who}@scenario.example` })), continueOnFail: true },
		);
		const ended = await Promise.race([run.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
		expect(ended).toBe('ended');
		const refusedAt = ctx.sandbox.requests().findIndex((r) => r.status === 429);
		expect(ctx.sandbox.requests().slice(refusedAt + 1).filter((r) => r.receivedAt - ctx.sandbox.requests()[refusedAt].receivedAt > 250)).toEqual([]);
	}, 30_000);
});

describe('a Retry-After the node obeys, with Batching', () => {
	// Two scenarios, both with Batching 1 row and an HTTP-date Retry-After within
	// Longest Wait): requests arrived 131-215 ms into pauses of 549-1193 ms. Not the batches: they share the
	// pause, as this test shows. What sends inside it is a row whose own wait ran out during the pause: the rate
	// gate lets a row never sent "go once regardless" (bug 3's mechanism). Not yet written without chance.
	test('Batching 1 row every 50 ms, three new clients, the first create refused with Retry-After 1: nothing is sent during that second', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, retryAfter: '1', method: 'POST', path: '/v1/client/add' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', ifExists: 'create', requestOptions: { timeout: 3_000, batching: { batch: { batchSize: 1, batchInterval: 50 } } } },
			{ items: [{ name: 'Acme' }, { name: 'Beta' }, { name: 'Gamma' }], continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.error ?? item.json.names)).toEqual(['Acme', 'Beta', 'Gamma']);
		const requests = ctx.sandbox.requests();
		const refused = requests.find((r) => r.status === 429);
		expect(refused?.retryAfter).toBe('1');
		const inside = requests.filter((r) => r.receivedAt > (refused?.receivedAt ?? 0) + 100 && r.receivedAt < (refused?.receivedAt ?? 0) + 950);
		expect(inside.map((r) => `${r.method} ${r.path} ${String(r.query.names)}`)).toEqual([]);
	});
});

describe('rows of one key in overlapping batches', () => {
	// Shrunk by hand to two rows, one fault: with
	// Request Options > Batching each batch is a run of its own (its own list read and its own turns). Batch 1's
	// read of the list is refused (429, back-off) while batch 2 starts 20 ms later: batch 2 reads, finds nothing
	// and creates "Acme"; batch 1 then reads (before or after that write) and creates it too, as no turn joins
	// the two batches. Seen: 2 clients for one name in 12 of 500 scenarios drawn with Batching.
	test('Batching 1 row every 20 ms, two rows "Acme", the first read of the list refused without Retry-After: one client', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: REFUSED, method: 'GET', path: '/v1/client/all' });
		const result = await ctx.run(
			{ resource: 'client', operation: 'create', names: '={{ $json.name }}', requestOptions: { timeout: 800, batching: { batch: { batchSize: 1, batchInterval: 20 } } } },
			{ items: [{ name: 'Acme' }, { name: 'Acme' }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.action).sort()).toEqual(['created', 'existing']);
		expect(ctx.sandbox.state().clients.map((c) => c.names)).toEqual(['Acme']);
	});
});

describe('a Next in Sequence candidate deleted between the list read and its own read', () => {
	// Two executions of Create From Estimate -> Delete Invoice, Next
	// in Sequence. The second lists the invoices, finds the first's invoice as a possible match, and reads it to
	// compare its line items (guards/next-number); the first's Delete lands in between, the read answers 404 and
	// the row fails "reading /invoice/{id} first (nothing written)", under Continue On Fail naming another row. A
	// candidate that is gone is no match: the row goes on and makes its invoice (run-sequence, sameItemsIfThere).
	test('the candidate invoice deleted while the row reads it: the row makes its invoice, no error', async () => {
		const client = ((await ctx.api('POST', '/client/add', { names: 'Globex' })).data as IDataObject[])[0].id as string;
		const body = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'EST-9', items: [{ description: 'Audit', quantity: 1, rate: 100 }] });
		const estimate = (body.estimate as IDataObject[])[0].id as string;
		// a description of its own: the invoice does not name its estimate, so its content is the key and the candidate's
		// line items are read (an invoice that names its estimate is found on the list alone, issue 43)
		const parameters = {
			resource: 'invoice',
			operation: 'createFromEstimate',
			fromEstimate: byId(estimate),
			numbering: 'next',
			numberPrefix: 'INV-',
			invoiceOverrides: { description: 'Audit work' },
		};
		const candidate = (await ctx.run(parameters)).items[0].json.id as string;
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 400, method: 'GET', path: `/v1/invoice/${candidate}` });
		const again = ctx.run(parameters, { continueOnFail: true });
		await new Promise((resolve) => setTimeout(resolve, 150));
		await ctx.api('DELETE', `/invoice/${candidate}`);
		const result = await again;
		expect(result.items.map((item) => [item.json.action, item.json.error])).toEqual([['created', undefined]]);
		expect(ctx.sandbox.state().invoices.filter((i) => i.customer_id === client)).toHaveLength(1);
	});
});
