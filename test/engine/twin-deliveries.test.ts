import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';
import { runNode, type NodeRunResult } from './harness/run-node';

/**
 * One call delivered twice at once to two executions in two n8n processes (two queue workers: the second runs on
 * the package's modules loaded again, see createNodeTypes): each process has its own turns, so both look before
 * either writes. Raced here with the sandbox holding the first guard read until
 * the second arrived (both see nothing), and every request taking 150 ms.
 */
// the real clock: the send and payment guards compare the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

const jsons = (result: NodeRunResult) => result.items.map((item) => item.json);
const calls = () => ctx.sandbox.requests().map((r) => `${r.method} ${r.path}`);

async function newClient(names = 'Acme Ltd', email = 'billing@acme.example'): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names, email });
	return (body.data as IDataObject[])[0].id as string;
}

async function newInvoice(client: string): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: 'INV-1', payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

/**
 * Two executions of the same node and input, the second started once the first's guard read reached the
 * sandbox (its own item loop, so nothing is shared with the first); that read is held until the second's came.
 */
async function race(
	parameters: INodeParameters | [INodeParameters, INodeParameters],
	guardReadPath: string,
	listOrder: 'stored' | 'newestFirst' = 'stored',
	retry?: { maxTries: number; waitBetweenTries: number },
): Promise<[NodeRunResult, NodeRunResult]> {
	ctx.sandbox.setLimits({ serviceTimeMs: 150, listOrder });
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 0, path: guardReadPath, untilSeen: { path: guardReadPath, count: 1 } });
	ctx.sandbox.clearRequests();
	const of = (worker: number) => (Array.isArray(parameters) ? parameters[worker] : parameters);
	const run = (worker: number) => runNode({ credentials: ctx.credentials, parameters: of(worker), continueOnFail: retry === undefined, retry, worker });
	const first = run(0);
	const deadline = Date.now() + 10_000;
	while (!ctx.sandbox.requests().some((r) => r.path === guardReadPath) && Date.now() < deadline) await sleep(10);
	const second = run(1);
	const results = await Promise.all([first, second]);
	ctx.sandbox.setLimits({});
	return results;
}

const createInvoice = (client: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-7',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Consulting', quantity: 2, rate: 150 }] },
});

describe('twin deliveries in two executions at once', () => {
	test('Create Invoice: the invoice made later is deleted by the execution that made it, which outputs the other as existing', async () => {
		const client = await newClient();
		// the guard reads the book's invoices (numbers are unique in the book); the look after, the client's documents
		const path = `/v1/client/${client}`;
		const results = await race(createInvoice(client), '/v1/invoice/all');
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices.map((i) => i.invoice_no)).toEqual(['INV-7']);
		const kept = invoices[0].id;
		const outputs = results.map((r) => jsons(r)[0]);
		expect(results.map((r) => r.items[0].error)).toEqual([undefined, undefined]);
		expect(outputs.map((o) => [o.action, o.id, o.invoice_no, o.total]).sort()).toEqual([
			['created', kept, 'INV-7', 300],
			['existing', kept, 'INV-7', 300],
		]);
		const posts = ctx.sandbox.requests().filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.path)).toEqual(['/v1/invoice/add', '/v1/invoice/add']);
		const deleted = calls().filter((c) => c.startsWith('DELETE'));
		expect(deleted).toHaveLength(1);
		expect(deleted[0]).not.toBe(`DELETE /v1/invoice/${kept}`);
		// each: the guard's read, the create, the look after it; the loser: its delete and the read of the one kept
		expect(calls().sort()).toEqual(
			['GET /v1/invoice/all', 'GET /v1/invoice/all', 'POST /v1/invoice/add', 'POST /v1/invoice/add', `GET ${path}`, `GET ${path}`, deleted[0], `GET /v1/invoice/${kept}`].sort(),
		);
	});

	test.each(['stored', 'newestFirst'] as const)('Create Invoice, lists answered in %s order: the invoice made first stays, whichever execution looks', async (listOrder) => {
		const client = await newClient();
		const results = await race(createInvoice(client), '/v1/invoice/all', listOrder);
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices).toHaveLength(1);
		const deleted = calls().filter((c) => c.startsWith('DELETE'));
		expect(deleted).toHaveLength(1);
		// the sandbox's ids grow with each record: the deleted one is the later of the two
		expect(BigInt(deleted[0].split('/').at(-1) ?? '0') > BigInt(invoices[0].id)).toBe(true);
		expect(results.map((r) => jsons(r)[0].id)).toEqual([invoices[0].id, invoices[0].id]);
	});

	test('If Already Exists "Error": the execution whose copy is deleted fails, naming the invoice the other kept; an error stays an error', async () => {
		const client = await newClient();
		const results = await race({ ...createInvoice(client), ifExists: 'error' }, '/v1/invoice/all');
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices).toHaveLength(1);
		const outcomes = results.map((r) => r.items[0].error?.message ?? String(r.items[0].json.action)).sort();
		expect(outcomes).toEqual([
			`Create Invoice "INV-7" (item 0): The invoice "INV-7" (id ${invoices[0].id}) already exists: another execution created it at the same moment (this execution's copy was deleted)`,
			'created',
		]);
	});

	test.each([
		['invoice', '/v1/invoice/all'],
		['client', '/v1/client/all'],
	] as const)('Create or Update %s, the two deliveries with other values: the copy made later goes, and its values update the one that stays', async (resource, guardRead) => {
		const client = resource === 'invoice' ? await newClient() : '';
		const upsert = (note: string): INodeParameters =>
			resource === 'invoice'
				? { ...createInvoice(client), operation: 'upsert', additionalFields: { note } }
				: { resource: 'client', operation: 'upsert', names: 'Initech', additionalFields: { email: 'ap@initech.example', address: note } };
		const results = await race([upsert('first'), upsert('second')], guardRead);
		const records = resource === 'invoice' ? ctx.sandbox.state().invoices : ctx.sandbox.state().clients.filter((c) => c.names === 'Initech');
		expect(records).toHaveLength(1);
		const kept = String(records[0].id);
		const outputs = results.map((r) => r.items[0].json);
		expect(results.map((r) => r.items[0].error)).toEqual([undefined, undefined]);
		const field = resource === 'invoice' ? 'note' : 'address';
		const later = outputs.find((o) => o.action === 'updated');
		expect(outputs.map((o) => o.action).sort()).toEqual(['created', 'updated']);
		expect(later?.twin).toEqual(expect.objectContaining({ deleted_id: expect.any(String), kept_id: kept }));
		// the values of the execution that updated are the record's now, as if it had come a moment later
		expect([later?.id, later?.[field], (records[0] as unknown as Record<string, unknown>)[field]]).toEqual([kept, later === outputs[0] ? 'first' : 'second', later === outputs[0] ? 'first' : 'second']);
		const puts = ctx.sandbox.requests().filter((r) => r.method === 'PUT');
		expect(puts.map((r) => r.path)).toEqual([`/v1/${resource}/${kept}`]);
	});

	test('Create Invoice -> Send -> Record Payment in two processes: the chain is done once; the execution whose copy went skips the rest, saying why', async () => {
		const client = await newClient();
		const created = await race(createInvoice(client), '/v1/invoice/all');
		const [kept] = ctx.sandbox.state().invoices.map((i) => i.id);
		const step = (parameters: INodeParameters, from: NodeRunResult[]) =>
			Promise.all(from.map((result, worker) => runNode({ credentials: ctx.credentials, parameters, items: jsons(result), continueOnFail: true, worker })));
		const sent = await step({ resource: 'invoice', operation: 'send', invoiceId: byId('={{ $json.id }}'), email: 'billing@acme.example' }, created);
		const paid = await step({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId('={{ $json.id }}'), paymentDate: '2026-01-15', amountPaid: 300 }, created);
		const invoice = ctx.sandbox.state().invoices[0];
		expect([ctx.sandbox.state().invoices.length, invoice.send_log.length, invoice.payments.length]).toEqual([1, 1, 1]);
		expect([...sent, ...paid].map((r) => r.items[0].error)).toEqual([undefined, undefined, undefined, undefined]);
		const loser = created.findIndex((r) => jsons(r)[0].action === 'existing');
		const deleted = (jsons(created[loser])[0].twin as IDataObject).deleted_id as string;
		expect(jsons(created[loser])[0].twin).toEqual(expect.objectContaining({ kept_id: kept, deleted_id: deleted }));
		expect([jsons(sent[loser])[0].skipped, jsons(paid[loser])[0].skipped, jsons(sent[1 - loser])[0].skipped, jsons(paid[1 - loser])[0].skipped]).toEqual([true, true, undefined, undefined]);
		expect(jsons(sent[loser])[0].message).toBe(
			`Not sent here: another execution created this invoice at the same moment and goes on with it (this execution deleted its own copy, id ${deleted}).`,
		);
	});

	test('Create Client: the same by e-mail, looked up again in the whole list', async () => {
		const results = await race({ resource: 'client', operation: 'create', names: 'Acme Ltd', additionalFields: { email: 'billing@acme.example' } }, '/v1/client/all');
		const clients = ctx.sandbox.state().clients;
		expect(clients).toHaveLength(1);
		expect(results.map((r) => [jsons(r)[0].action, jsons(r)[0].id]).sort()).toEqual([
			['created', clients[0].id],
			['existing', clients[0].id],
		]);
		expect(calls().filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
	});

	test('a failed delete of the twin fails the item, naming both invoices', async () => {
		const client = await newClient();
		ctx.sandbox.injectFault({ kind: 'status', status: 500, method: 'DELETE', message: 'Database is busy.' });
		const results = await race(createInvoice(client), '/v1/invoice/all');
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices).toHaveLength(2);
		const [first, later] = invoices.map((i) => i.id);
		const failed = results.filter((r) => r.items[0].error);
		expect(failed).toHaveLength(1);
		expect(failed[0].items[0].error?.message).toBe(
			`Create Invoice "INV-7" (item 0): another execution created the same invoice at the same moment: the service now has "INV-7" (id ${first}) and "INV-7" (id ${later}), and deleting this execution's copy (id ${later}) failed: HTTP 500 Database is busy.`,
		);
	});

	// the delete goes through the run's gate like every request (on 2b80f53 it went around it and failed at once)
	test('the delete of the twin refused with 429 (Retry-After 1): waited out and sent again, one invoice left, no error', async () => {
		const client = await newClient();
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '1', method: 'DELETE', message: 'Slow down' });
		const results = await race(createInvoice(client), '/v1/invoice/all');
		expect(results.map((r) => r.items[0].error?.message)).toEqual([undefined, undefined]);
		expect(ctx.sandbox.state().invoices).toHaveLength(1);
		const deletes = ctx.sandbox.requests().filter((r) => r.method === 'DELETE');
		expect(deletes.map((r) => r.status)).toEqual([429, 200]);
	});

	test('Send: a second e-mail sent at the same moment fails both items, naming both sends', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await race({ resource: 'invoice', operation: 'send', invoiceId: byId(invoice), email: 'billing@acme.example' }, `/v1/invoice/${invoice}`);
		const log = ctx.sandbox.state().invoices[0].send_log;
		expect(log).toHaveLength(2);
		const messages = results.map((r) => r.items[0].error?.message);
		const expected = `Send Invoice "INV-1" (item 0): the invoice was sent, and sent again to billing@acme.example at the same moment: at ${log[0].date} UTC and at ${log[1].date} UTC per its send log`;
		expect(messages).toEqual([expected, expected]);
	});

	test('Send in a chain whose second create found the first\'s invoice: the execution fed "existing" reports the twin e-mail, the one fed "created" goes on', async () => {
		const invoice = await newInvoice(await newClient());
		const path = `/v1/invoice/${invoice}`;
		ctx.sandbox.setLimits({ serviceTimeMs: 150 });
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 0, path, untilSeen: { path, count: 1 } });
		const send = (action: string, worker: number) =>
			runNode({ credentials: ctx.credentials, parameters: { resource: 'invoice', operation: 'send', invoiceId: byId('={{ $json.id }}'), email: 'billing@acme.example' }, items: [{ id: invoice, action }], continueOnFail: true, worker });
		const owner = send('created', 0);
		const deadline = Date.now() + 10_000;
		while (!ctx.sandbox.requests().some((r) => r.path === path) && Date.now() < deadline) await sleep(10);
		const [mine, theirs] = await Promise.all([owner, send('existing', 1)]);
		ctx.sandbox.setLimits({});
		expect(ctx.sandbox.state().invoices[0].send_log).toHaveLength(2);
		expect(mine.items[0].error).toBeUndefined();
		expect(String(jsons(mine)[0].twin_report)).toMatch(/^the invoice was sent, and sent again to billing@acme\.example at the same moment: .* \(the other execution, fed an existing record, reports it as an error\)$/);
		expect(theirs.items[0].error?.message).toMatch(/^Send Invoice "INV-1" \(item 0\): the invoice was sent, and sent again to billing@acme\.example at the same moment/);
	});

	test('Record Payment: a second payment recorded at the same moment fails both items, naming both references', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await race(
			{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 40, paymentFields: { paymentMethod: 'Cash' } },
			`/v1/invoice/${invoice}`,
		);
		const payments = ctx.sandbox.state().invoices[0].payments;
		expect(payments).toHaveLength(2);
		const named = payments.map((p) => `${p.reference} at ${p.created_at} UTC`).join(', ');
		const expected = `Record Payment Invoice "INV-1" (item 0): the payment was recorded, and so was another payment of 40.00 by Cash on the invoice "INV-1" at the same moment: ${named}`;
		expect(results.map((r) => r.items[0].error?.message)).toEqual([expected, expected]);
	});

	test('Record Payment of the whole balance in two processes: one payment; the service refuses the twin as more than the balance, and that item is skipped naming the payment made', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await race(
			{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 100, paymentFields: { paymentMethod: 'Cash' } },
			`/v1/invoice/${invoice}`,
		);
		const payments = ctx.sandbox.state().invoices[0].payments;
		expect(payments).toHaveLength(1);
		expect(results.map((r) => r.items[0].error)).toEqual([undefined, undefined]);
		const skipped = results.map((r) => jsons(r)[0]).filter((json) => json.skipped === true);
		expect(skipped.map((json) => [json.message, json.payment_status])).toEqual([
			[
				`Not recorded here: another execution recorded this payment of 100.00 on the invoice "INV-1" at the same moment (reference ${payments[0].reference} at ${payments[0].created_at} UTC), and the service refused this one.`,
				'Paid',
			],
		]);
	});

	test('Record Payment with Retry On Fail: the twin report survives the retry (the retry finds the payment, and still fails with the report)', async () => {
		const invoice = await newInvoice(await newClient());
		const results = await race(
			{ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(invoice), paymentDate: '2026-01-15', amountPaid: 40, paymentFields: { paymentMethod: 'Cash' } },
			`/v1/invoice/${invoice}`,
			'stored',
			{ maxTries: 2, waitBetweenTries: 0 },
		);
		expect(ctx.sandbox.state().invoices[0].payments).toHaveLength(2);
		const messages = results.map((r) => r.error?.message ?? 'no error');
		for (const message of messages) expect(message).toMatch(/^Record Payment Invoice "INV-1" \(item 0\): the payment was recorded, and so was another payment of 40\.00 by Cash/);
		expect(ctx.sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(2);
	});

	test('one delivery alone: no twin, one look after the create', async () => {
		const client = await newClient();
		ctx.sandbox.clearRequests();
		const result = await runNode({ credentials: ctx.credentials, parameters: createInvoice(client) });
		const id = ctx.sandbox.state().invoices[0].id;
		expect(jsons(result).map((o) => [o.action, o.id])).toEqual([['created', id]]);
		expect(calls()).toEqual(['GET /v1/invoice/all', 'POST /v1/invoice/add', `GET /v1/client/${client}`]);
	});

	test('Create Anyway: no look after the create', async () => {
		const client = await newClient();
		ctx.sandbox.clearRequests();
		await runNode({ credentials: ctx.credentials, parameters: { ...createInvoice(client), ifExists: 'create' } });
		expect(calls()).toEqual(['POST /v1/invoice/add']);
	});
});
