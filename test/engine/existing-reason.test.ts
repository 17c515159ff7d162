import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

/**
 * Issue 35: a row that finds the record an earlier row of the same run made says so, instead of "already
 * existed" (two identical orders in one run: the second said `existing` although nothing existed before the run).
 */
const ctx = useEngineFixture();

async function createClient(): Promise<string> {
	const body = await ctx.api('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example' });
	return (body.data as IDataObject[])[0].id as string;
}

const invoice = (client: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-7',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Design', quantity: 2, rate: 150.5 }] },
	additionalFields: { issueDate: '2026-01-15', dueDate: '2026-02-14' },
});

const client: INodeParameters = { resource: 'client', operation: 'create', names: 'Globex', email: 'ap@globex.example', additionalFields: {} };

const actions = (items: Array<{ json: IDataObject }>) => items.map((item) => [item.json.action, item.json.action_reason]);
const posts = () => ctx.sent().filter((request) => request.method === 'POST').map((request) => request.path);

describe('a row that finds what its own run made says which row made it', () => {
	test('two identical invoice rows with one number: one invoice; the second names item 0 of this run, a re-run "already existed"', async () => {
		const customer = await createClient();
		const first = await ctx.run(invoice(customer), { items: [{}, {}] });
		expect(first.error).toBeUndefined();
		expect(posts()).toEqual(['/v1/invoice/add']);
		const id = first.items[0].json.id as string;
		expect(actions(first.items)).toEqual([
			['created', undefined],
			['existing', `Found, not created: the invoice "INV-7" (id ${id}) was created by item 0 of this run with the values this item sends: identical rows make one invoice`],
		]);
		expect(first.items[1].json.id).toBe(id);

		const again = await ctx.run(invoice(customer), { items: [{}, {}] });
		expect(posts()).toEqual([]);
		const before = `Found, not created: the invoice "INV-7" (id ${id}) already existed with the values this item sends`;
		expect(actions(again.items)).toEqual([
			['existing', before],
			['existing', before],
		]);
	});

	test('two client rows with one e-mail: one client; the second names item 0 of this run', async () => {
		const result = await ctx.run(client, { items: [{}, {}, {}] });
		expect(result.error).toBeUndefined();
		expect(posts()).toEqual(['/v1/client/add']);
		const id = result.items[0].json.id as string;
		const reason = `Found, not created: the client "Globex" (id ${id}) was created by item 0 of this run with the values this item sends: identical rows make one client`;
		expect(actions(result.items)).toEqual([
			['created', undefined],
			['existing', reason],
			['existing', reason],
		]);
	});
});
