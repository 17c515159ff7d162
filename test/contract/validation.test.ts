import { useSandbox } from './http';

const ctx = useSandbox({ deterministic: true });

const ITEMS = [{ description: 'Work', quantity: 1, rate: 10 }];
const refused = (message: string) => ({ status: 400, body: { status: 'error', message } });

async function client(): Promise<string> {
	return ctx.id(await ctx.call('POST', '/client/add', { names: 'Acme' }, 'query'), 'data');
}

describe('the sandbox validates currencies and the due date like the node', () => {
	test.each(['/invoice/add', '/estimate/add'])('%s refuses "XYZ" and a lower-case code, accepts NGN', async (path) => {
		const base = { client: await client(), invoice_no: 'I-1', estimate_no: 'E-1', payment_status: 'Not Paid', items: ITEMS };
		for (const currency of ['XYZ', 'eur']) {
			expect(await ctx.call('POST', path, { ...base, currency }, 'form')).toMatchObject(
				refused(`Parameter "currency" must be an active ISO 4217 code in capitals (e.g. USD, EUR), got "${currency}".`),
			);
		}
		const created = await ctx.call('POST', path, { ...base, currency: 'NGN' }, 'form');
		expect(created.status).toBe(200);
		const state = ctx.sandbox.state();
		expect([...state.invoices, ...state.estimates].map((d) => d.currency)).toEqual(['NGN']);
	});

	test('create: a due date before the issue date is refused naming both; equal dates are fine; nothing is stored for the refusal', async () => {
		const base = { client: await client(), payment_status: 'Not Paid', items: ITEMS };
		expect(await ctx.call('POST', '/invoice/add', { ...base, invoice_no: 'A', issue_date: '2026-03-05', due_date: '2026-03-04' }, 'form')).toMatchObject(
			refused('Parameter "due_date" (2026-03-04) is before "issue_date" (2026-03-05): a document cannot fall due before it is issued.'),
		);
		// the issue date defaults to today (2026-01-15 on the deterministic clock)
		expect(await ctx.call('POST', '/invoice/add', { ...base, invoice_no: 'B', due_date: '2026-01-14' }, 'form')).toMatchObject(
			refused('Parameter "due_date" (2026-01-14) is before "issue_date" (2026-01-15): a document cannot fall due before it is issued.'),
		);
		const ok = await ctx.call('POST', '/invoice/add', { ...base, invoice_no: 'C', issue_date: '2026-03-05', due_date: '2026-03-05' }, 'form');
		expect(ok.status).toBe(200);
		expect(ctx.sandbox.state().invoices.map((i) => [i.id, i.invoice_no])).toEqual([[ctx.id(ok, 'invoice'), 'C']]);
		// no id was drawn for the refused creates: the client took 1, the invoice 2
		expect(ctx.id(ok, 'invoice')).toBe('1000000000000002');
	});

	test('update: one date given is compared with the stored other one', async () => {
		const customer = await client();
		const created = await ctx.call('POST', '/estimate/add', { client: customer, estimate_no: 'E', issue_date: '2026-03-05', due_date: '2026-03-20', items: ITEMS }, 'form');
		const id = ctx.id(created, 'estimate');
		const put = (params: Record<string, unknown>) => ctx.call('PUT', `/estimate/${id}`, { client: customer, estimate_no: 'E', ...params }, 'form');
		expect(await put({ due_date: '2026-03-01' })).toMatchObject(
			refused('Parameter "due_date" (2026-03-01) is before "issue_date" (2026-03-05): a document cannot fall due before it is issued.'),
		);
		expect(await put({ issue_date: '2026-03-21' })).toMatchObject(
			refused('Parameter "due_date" (2026-03-20) is before "issue_date" (2026-03-21): a document cannot fall due before it is issued.'),
		);
		expect((await put({ issue_date: '2026-03-10' })).status).toBe(200);
		expect(ctx.sandbox.state().estimates.map((e) => [e.issue_date, e.due_date])).toEqual([['2026-03-10', '2026-03-20']]);
	});
});
