import { useSandbox } from './http';

/**
 * The order the node's twin creates converge on (docs/design.md, "Twins across processes"): the service lists records in
 * the order it stored them, and a record keeps its place when it or another record is changed or deleted. Two
 * executions that both created the key and then look see the same first record.
 */
const ctx = useSandbox();

const idsOf = (body: Record<string, unknown>, list: string) => (body[list] as Array<{ id: string }>).map((r) => r.id);

async function invoice(client: string, number: string): Promise<string> {
	const answer = await ctx.call('POST', '/invoice/add', { client, invoice_no: number, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] }, 'form');
	return ctx.id(answer, 'invoice');
}

describe('list order: the order records were stored in', () => {
	test("a client's invoices and estimates (GET /client/{id}) and the invoice list, through updates and deletes", async () => {
		const acme = ctx.id(await ctx.call('POST', '/client/add', { names: 'Acme Ltd' }, 'query'), 'data');
		const other = ctx.id(await ctx.call('POST', '/client/add', { names: 'Other Co' }, 'query'), 'data');
		const a = await invoice(acme, 'INV-7');
		await invoice(other, 'INV-7');
		const b = await invoice(acme, 'INV-7');
		const c = await invoice(acme, 'INV-7');
		const estimate = (n: string) => ctx.call('POST', '/estimate/add', { client: acme, estimate_no: n, items: [{ description: 'Work', quantity: 1, rate: 10 }] }, 'form');
		const e1 = ctx.id(await estimate('EST-1'), 'estimate');
		const e2 = ctx.id(await estimate('EST-1'), 'estimate');
		expect(idsOf((await ctx.call('GET', `/client/${acme}`)).body, 'invoices')).toEqual([a, b, c]);
		expect(idsOf((await ctx.call('GET', `/client/${acme}`)).body, 'estimates')).toEqual([e1, e2]);
		// an update of the first keeps its place; a delete of the middle one leaves the others in order
		await ctx.call('PUT', `/invoice/${a}`, { client: acme, invoice_no: 'INV-7', payment_status: 'Paid', description: 'changed' }, 'form');
		await ctx.call('DELETE', `/invoice/${b}`);
		expect(idsOf((await ctx.call('GET', `/client/${acme}`)).body, 'invoices')).toEqual([a, c]);
		expect(idsOf((await ctx.call('GET', '/invoice/all')).body, 'data').filter((id) => id !== a && id !== c)).toHaveLength(1);
		expect(idsOf((await ctx.call('GET', '/invoice/all')).body, 'data').filter((id) => id === a || id === c)).toEqual([a, c]);
	});

	test('clients (GET /client/all), through an update of the first', async () => {
		const ids: string[] = [];
		for (const names of ['Acme Ltd', 'Acme Ltd', 'Acme Ltd']) ids.push(ctx.id(await ctx.call('POST', '/client/add', { names, email: 'billing@acme.example' }, 'query'), 'data'));
		await ctx.call('PUT', `/client/${ids[0]}`, { names: 'Acme Ltd', phone: '+1 555 0100' }, 'query');
		expect(idsOf((await ctx.call('GET', '/client/all')).body, 'data')).toEqual(ids);
	});
});
