import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, form, NOW, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

async function createExpense(description: string, issueDate: string, amount: number, currency: string, vendor: string): Promise<string> {
	const body = await ctx.api('POST', '/expense/add', { description, issue_date: issueDate, amount, currency, vendor });
	return (body.expense as IDataObject[])[0].id as string;
}

const laptop = (id: string, shortCode: string) => ({
	id,
	short_code: shortCode,
	category: 'General',
	description: 'Laptop',
	amount: '1299.99',
	currency: 'USD',
	vendor: 'Dell',
	issued_date: '2026-01-10',
	created_at: NOW,
	updated_at: NOW,
});

describe('expense resource through the n8n engine', () => {
	test('create sends issue_date (the input name) and outputs issued_date (the output name)', async () => {
		const result = await ctx.run({
			resource: 'expense',
			operation: 'create',
			description: 'Laptop',
			issueDate: '2026-01-10T00:00:00',
			amount: 1299.99,
			currency: 'USD',
			additionalFields: { vendor: 'Dell' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/v1/expense/add',
				encoding: 'form',
				rawBody: form([
					['description', 'Laptop'],
					['issue_date', '2026-01-10'],
					['amount', '1299.99'],
					['currency', 'USD'],
					['vendor', 'Dell'],
				]),
				authorized: true,
			}),
		]);
		expect(result.items.map((i) => i.json)).toEqual([laptop('1000000000000001', 'sc0001')]);
	});

	test('get outputs the expense without the envelope', async () => {
		const id = await createExpense('Laptop', '2026-01-10', 1299.99, 'USD', 'Dell');
		const result = await ctx.run({ resource: 'expense', operation: 'get', expenseId: byId(id), simplify: false });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/expense/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([laptop(id, 'sc0001')]);
	});

	test('Simplify (the default) keeps what a user acts on: description, vendor, category, amount, currency, date', async () => {
		const id = await createExpense('Laptop', '2026-01-10', 1299.99, 'USD', 'Dell');
		const result = await ctx.run({ resource: 'expense', operation: 'get', expenseId: byId(id) });
		const { id: _id, description, vendor, category, amount, currency, issued_date } = laptop(id, 'sc0001');
		expect(result.items.map((i) => i.json)).toEqual([{ id: _id, description, vendor, category, amount, currency, issued_date }]);
		const numbers = await ctx.run({ resource: 'expense', operation: 'get', expenseId: byId(id), amountsAsNumbers: true });
		expect([amount, numbers.items[0].json.amount]).toEqual(['1299.99', 1299.99]);
	});

	test('get many filters by date range, currency and vendor', async () => {
		await createExpense('Laptop', '2026-01-10', 1299.99, 'USD', 'Dell');
		await createExpense('Train', '2026-01-12', 86.4, 'GBP', 'National Rail');
		await createExpense('Licence', '2026-01-14', 49, 'USD', 'JetBrains');
		const descriptions = async (filters: INodeParameters) =>
			(await ctx.run({ resource: 'expense', operation: 'getAll', returnAll: true, filters })).items.map((i) => i.json.description);
		expect(await descriptions({})).toEqual(['Laptop', 'Train', 'Licence']);
		expect(await descriptions({ currency: 'usd' })).toEqual(['Laptop', 'Licence']);
		expect(await descriptions({ vendor: 'rail' })).toEqual(['Train']);
		expect(await descriptions({ issueDateFrom: '2026-01-11', issueDateTo: '2026-01-14T00:00:00' })).toEqual(['Train', 'Licence']);
		expect(await descriptions({ issueDateFrom: '2026-01-11', currency: 'USD' })).toEqual(['Licence']);
	});

	test('update fills the four required fields from the current expense', async () => {
		const id = await createExpense('Laptop', '2026-01-10', 1299.99, 'USD', 'Dell');
		const result = await ctx.run({ resource: 'expense', operation: 'update', expenseId: byId(id), updateFields: { vendor: 'Dell Inc.' } });
		expect(ctx.sent().map(({ method, rawBody }) => ({ method, rawBody }))).toEqual([
			{ method: 'GET', rawBody: '' },
			{
				method: 'PUT',
				rawBody: form([
					['vendor', 'Dell Inc.'],
					['description', 'Laptop'],
					['issue_date', '2026-01-10'],
					['amount', '1299.99'],
					['currency', 'USD'],
				]),
			},
		]);
		expect(result.items.map((i) => i.json)).toEqual([{ ...laptop(id, 'sc0001'), vendor: 'Dell Inc.' }]);
	});

	test('delete outputs deleted and the id', async () => {
		const id = await createExpense('Laptop', '2026-01-10', 1299.99, 'USD', 'Dell');
		const result = await ctx.run({ resource: 'expense', operation: 'delete', expenseId: byId(id) });
		expect(ctx.sent()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/v1/expense/${id}` })]);
		expect(result.items.map((i) => i.json)).toEqual([{ deleted: true, id }]);
	});
});
