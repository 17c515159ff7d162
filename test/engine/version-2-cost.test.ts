import { isExpression, WorkflowExpression, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

/**
 * What version 2's declarations cost per item: n8n evaluates every declared property for every item
 * (test/engine/expression-cost.test.ts counts version 1), and version 2 declares some names twice. Counts of
 * expression evaluations, exact on any machine: a declaration of the other version costs none.
 */
const ctx = useEngineFixture();

async function evaluationsPerItem(parameters: INodeParameters, items: IDataObject[], typeVersion: number): Promise<number> {
	const original = WorkflowExpression.prototype.resolveSimpleParameterValue;
	let count = 0;
	WorkflowExpression.prototype.resolveSimpleParameterValue = function counted(this: WorkflowExpression, ...args: Parameters<typeof original>) {
		if (isExpression(args[0])) count++;
		return original.apply(this, args);
	};
	try {
		const result = await ctx.run(parameters, { items, typeVersion });
		expect(result.error).toBeUndefined();
		return count / items.length;
	} finally {
		WorkflowExpression.prototype.resolveSimpleParameterValue = original;
	}
}

async function invoices(count: number): Promise<string[]> {
	const client = await ctx.api('POST', '/client/add', { names: 'Acme' });
	const clientId = (client.data as Array<{ id: string }>)[0].id;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const body = await ctx.api('POST', '/invoice/add', { client: clientId, invoice_no: `N-${i}`, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		ids.push((body.invoice as Array<{ id: string }>)[0].id);
	}
	return ids;
}

describe('expression evaluations per item, version 2 against version 1', () => {
	test.each([1, 2])('Get Invoice with the ID from an expression, version %i: 2', async (version) => {
		const ids = await invoices(5);
		const parameters = { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}') };
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id })), version)).toBe(2);
	});

	test.each([1, 2])('Record Payment with the ID and the amount from the item, a fixed date, version %i: 5, the same in both (as before version 2)', async (version) => {
		const ids = await invoices(5);
		const parameters = {
			resource: 'invoice',
			operation: 'recordPayment',
			invoiceId: byId('={{ $json.id }}'),
			...(version === 1 ? { paymentDate: '2026-03-05', amountPaid: '={{ $json.amount }}' } : { paymentDay: '2026-03-05', paymentAmount: 'given', amountReceived: '={{ $json.amount }}' }),
		};
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id, amount: 10 })), version)).toBe(5);
	});

	test("Record Payment of version 2 as placed, the ID from the item: 6 (no amount's 2; Payment Date's {{ $today }} 3, n8n's 2 and the node's read)", async () => {
		const ids = await invoices(5);
		const parameters = { resource: 'invoice', operation: 'recordPayment', invoiceId: byId('={{ $json.id }}') };
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id })), 2)).toBe(6);
	});

	test.each([1, 2])('Create Expense with its currency and amount from the item, version %i: 4, the same in both (version 2 declares no second Currency)', async (version) => {
		const parameters = { resource: 'expense', operation: 'create', description: 'Taxi', issueDate: '2026-01-10', amount: '={{ $json.amount }}', currency: '={{ $json.currency }}' };
		expect(await evaluationsPerItem(parameters, [{ amount: 10, currency: 'USD' }, { amount: 12, currency: 'GBP' }], version)).toBe(4);
	});
});
