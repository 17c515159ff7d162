/**
 * A delete is always safe to explain (issue 43): a copy is deleted only after a read made after both writes shows
 * both copies with the same key and the same values, and only the one made later. A twin with other values, two
 * copies whose order cannot be told, a copy an earlier try left that changed since: neither is deleted, and the
 * item fails naming both.
 *
 * The other execution's copy is put in the service while this execution's create is held (the sandbox delays
 * it): the guard's look saw no twin, the look after the create sees both, as with two processes at once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { addClient, byId, useEngineFixture } from './fixture';
import type { NodeRunResult } from './harness/run-node';

const ctx = useEngineFixture();

const calls = () => ctx.sandbox.requests().map((r) => `${r.method} ${r.path}`);

async function arrived(method: string, path: string, count = 1): Promise<void> {
	for (let polls = 0; polls < 400 && ctx.sandbox.requests().filter((r) => r.method === method && r.path === path).length < count; polls++) {
		await new Promise((resolve) => setTimeout(resolve, 5));
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
