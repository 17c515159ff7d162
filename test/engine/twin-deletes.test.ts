/**
 * A delete is always safe to explain (issue 43): a copy is deleted only after a read made after both writes shows
 * both copies with the same key and the same values, and only the one made later. A twin with other values, two
 * copies whose order cannot be told, a copy an earlier try left that changed since: neither is deleted, and the
 * item fails naming both.
 *
 * The other execution's copy is put in the service while this execution's create is held (the sandbox delays
 * it): the guard's look saw no twin, the look after the create sees both, as with two processes at once.
 */
import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { addClient, byId, useEngineFixture } from './fixture';
import type { NodeRunResult } from './harness/run-node';

const ctx = useEngineFixture();

const calls = () => ctx.sandbox.requests().map((r) => `${r.method} ${r.path}`);

/** Waits (at most 2 s) until a request of this method (to this path, when given) reached the sandbox. */
async function arrived(method: string, path?: string): Promise<void> {
	for (let polls = 0; polls < 400 && !ctx.sandbox.requests().some((r) => r.method === method && (path === undefined || r.path === path)); polls++) {
		await sleep(5);
	}
}

/** An invoice made through the API (set-up); its id. */
async function invoiceOf(client: string, invoiceNo: string, rate: number, description = 'Consulting', quantity = 2): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', { client, invoice_no: invoiceNo, payment_status: 'Not Paid', items: [{ description, quantity, rate }] });
	return (body.invoice as IDataObject[])[0].id as string;
}

/** Runs the node with its create held; meanwhile `twin` changes the book as another execution's create would. */
async function withTwin(parameters: INodeParameters, twin: (book: ReturnType<typeof ctx.sandbox.state>) => void, options: { continueOnFail?: boolean } = {}): Promise<NodeRunResult> {
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, path: '/v1/invoice/add' });
	const run = ctx.run(parameters, { continueOnFail: options.continueOnFail ?? true });
	await arrived('POST', '/v1/invoice/add');
	const book = ctx.sandbox.state();
	twin(book);
	ctx.sandbox.load(book);
	return await run;
}

const createInvoice = (client: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-7',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Consulting', quantity: 2, rate: 150 }] },
	...extra,
});

/** The other execution's copy: a record made before this one, renamed to the key this run creates. */
const renamed = (id: string, changes: IDataObject) => (book: ReturnType<typeof ctx.sandbox.state>) => {
	const invoice = book.invoices.find((i) => i.id === id);
	if (!invoice) throw new Error(`no invoice ${id}`);
	Object.assign(invoice, changes);
};

describe('a twin of a created record (same key, made at the same moment)', () => {
	test('with the same values: read after both writes, then the copy made later deleted; the one made first output', async () => {
		const client = await addClient(ctx, 'Acme');
		const other = await invoiceOf(client, 'INV-TWIN', 150);
		const result = await withTwin(createInvoice(client), renamed(other, { invoice_no: 'INV-7' }));
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices.map((i) => i.id)).toEqual([other]);
		expect(result.items.map((i) => [i.error?.message, i.json.action, i.json.id])).toEqual([[undefined, 'existing', other]]);
		const deleted = ctx.sandbox.requests().find((r) => r.method === 'DELETE')?.path;
		// the record that stays is read before the copy goes
		expect(calls().slice(-2)).toEqual([`GET /v1/invoice/${other}`, `DELETE ${String(deleted)}`]);
	});

	test('with other values: neither is deleted, the item fails naming both and the field that differs', async () => {
		const client = await addClient(ctx, 'Acme');
		const other = await invoiceOf(client, 'INV-TWIN', 999);
		const result = await withTwin(createInvoice(client), renamed(other, { invoice_no: 'INV-7' }));
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices.map((i) => i.invoice_no)).toEqual(['INV-7', 'INV-7']);
		const own = invoices[1].id;
		expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([]);
		expect(result.items.map((i) => i.error?.message)).toEqual([
			`Create Invoice "INV-7" (item 0): another execution created the same invoice at the same moment: the service now has "INV-7" (id ${other}) and "INV-7" (id ${own}); "INV-7" (id ${other}) holds other values (items), so neither was deleted: both are kept`,
		]);
		expect(result.items[0].error?.description).toBe('Check both in the service and delete the one not wanted.');
	});

	test('with other values, Continue On Fail off: the run stops with the same report', async () => {
		const client = await addClient(ctx, 'Acme');
		const other = await invoiceOf(client, 'INV-TWIN', 999);
		const result = await withTwin(createInvoice(client), renamed(other, { invoice_no: 'INV-7' }), { continueOnFail: false });
		expect(ctx.sandbox.state().invoices).toHaveLength(2);
		expect(result.error?.message).toMatch(/holds other values \(items\), so neither was deleted: both are kept$/);
	});

	test('Create or Update with other values: the row\'s values go onto the one made first, read again, and only then the copy is deleted', async () => {
		const client = await addClient(ctx, 'Acme');
		const other = await invoiceOf(client, 'INV-TWIN', 999);
		const result = await withTwin({ ...createInvoice(client), operation: 'upsert' }, renamed(other, { invoice_no: 'INV-7' }));
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices.map((i) => [i.id, i.items[0].rate])).toEqual([[other, 150]]);
		expect(result.items.map((i) => [i.error?.message, i.json.action, i.json.id])).toEqual([[undefined, 'updated', other]]);
		const deleted = ctx.sandbox.requests().find((r) => r.method === 'DELETE')?.path;
		expect(calls().slice(-4)).toEqual([`GET /v1/invoice/${other}`, `PUT /v1/invoice/${other}`, `GET /v1/invoice/${other}`, `DELETE ${String(deleted)}`]);
	});

	test('the order cannot be told (the same created_at, an id that is not a number): neither is deleted, both reported', async () => {
		const client = await addClient(ctx, 'Acme');
		const other = await invoiceOf(client, 'INV-TWIN', 150);
		const result = await withTwin(createInvoice(client), renamed(other, { invoice_no: 'INV-7', id: 'inv-b' }));
		const invoices = ctx.sandbox.state().invoices;
		expect(invoices.map((i) => [i.id === 'inv-b' ? 'inv-b' : 'own', i.invoice_no, i.created_at])).toEqual([
			['inv-b', 'INV-7', '2026-01-15 10:00:00'],
			['own', 'INV-7', '2026-01-15 10:00:00'],
		]);
		expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([]);
		expect(result.items[0].error?.message).toMatch(
			/the service now has "INV-7" \(id inv-b\) and "INV-7" \(id \d+\); which was made first cannot be told from what the service returns \(the same created_at, ids that are not numbers\), so neither was deleted: both are kept$/,
		);
	});
});

/** Create Invoice with Next in Sequence (INV- and 4 digits) for one row, with Retry On Fail. */
const nextInvoice = (client: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	numbering: 'next',
	numberPrefix: 'INV-',
	numberDigits: 4,
	client: byId(client),
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Design', quantity: 1, rate: 100 }] },
	additionalFields: { issueDate: '2026-01-15' },
});

describe('a copy an earlier try left (its number given twice; renumber and delete both refused)', () => {
	/**
	 * The first try's create meets a document made before it with the same number (put in while the create is
	 * held); giving it the next number and deleting it are both refused (429, Longest Wait 0), so the item fails
	 * naming it and the execution remembers it. `meanwhile` acts on it before Retry On Fail runs the node again.
	 */
	async function leftCopyThenRetry(meanwhile: (left: string) => Promise<void>): Promise<{ result: NodeRunResult; left: string }> {
		const client = await addClient(ctx, 'Acme');
		await invoiceOf(client, 'INV-0041', 100, 'Old', 1);
		const other = await invoiceOf(client, 'INV-TMP', 70, 'Other', 1);
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 300, path: '/v1/invoice/add' });
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '1', method: 'PUT', message: 'Slow down' });
		ctx.sandbox.injectFault({ kind: 'status', status: 429, retryAfter: '1', method: 'DELETE', message: 'Slow down' });
		// Longest Wait 0: a 429 fails at once; the retry comes once its Retry-After is over
		const parameters = { ...nextInvoice(client), rateLimits: { longestWait: 0 } };
		const run = ctx.run(parameters, { continueOnFail: false, retry: { maxTries: 2, waitBetweenTries: 1100 } });
		await arrived('POST', '/v1/invoice/add');
		const book = ctx.sandbox.state();
		renamed(other, { invoice_no: 'INV-0042' })(book);
		ctx.sandbox.load(book);
		await arrived('DELETE');
		const left = ctx.sandbox.requests().find((r) => r.method === 'DELETE')?.path.split('/').at(-1) ?? '';
		await meanwhile(left);
		return { result: await run, left };
	}

	test('changed since (someone gave it another line): the retry reads it and keeps it, failing with both copies named', async () => {
		const { result, left } = await leftCopyThenRetry(async (id) => {
			const copy = ctx.sandbox.state().invoices.find((i) => i.id === id);
			const revised = { description: 'Design, revised', quantity: 1, rate: 100 };
			const changed = await ctx.api('PUT', `/invoice/${id}`, { client: copy?.customer_id, invoice_no: copy?.invoice_no, payment_status: 'Not Paid', items: [revised] });
			expect(changed.status).toBe('success');
		});
		expect(ctx.sandbox.state().invoices.find((i) => i.id === left)?.items[0].description).toBe('Design, revised');
		// the first try's refused renumber and delete, the person's change, the retry's guard read (it is not this
		// row's document any more), then the read before the delete, which keeps it
		expect(calls().filter((c) => c.endsWith(`/invoice/${left}`))).toEqual([
			`PUT /v1/invoice/${left}`,
			`DELETE /v1/invoice/${left}`,
			`PUT /v1/invoice/${left}`,
			`GET /v1/invoice/${left}`,
			`GET /v1/invoice/${left}`,
		]);
		expect(result.error?.message).toMatch(
			new RegExp(
				`the service now has "INV-0042" \\(id ${left}\\) and "INV-\\d+" \\(id \\d+\\); an earlier try left the first \\(its number was given twice\\), which changed since \\(items\\), and this try created the other, so neither was deleted: both are kept$`,
			),
		);
	});

	test('gone since (someone deleted it): the retry reads it, finds nothing, and deletes nothing', async () => {
		const { result, left } = await leftCopyThenRetry(async (id) => {
			await ctx.api('DELETE', `/invoice/${id}`);
		});
		expect(result.error).toBeUndefined();
		// the first try's refused renumber and delete, the person's delete, then only the retry's read
		expect(calls().filter((c) => c.endsWith(`/invoice/${left}`))).toEqual([
			`PUT /v1/invoice/${left}`,
			`DELETE /v1/invoice/${left}`,
			`DELETE /v1/invoice/${left}`,
			`GET /v1/invoice/${left}`,
		]);
	});
});
