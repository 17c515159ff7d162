import { isExpression, WorkflowExpression, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';

/**
 * n8n's declarative engine evaluates every declared property for every item (DESIGN.md, Runtime rules), and
 * expression evaluation is most of the node's time. These counts are what n8n evaluates per item; they are
 * counts, not timings, so they are exact on any machine.
 */
const ctx = useEngineFixture();

function countEvaluations(): { perItem: (items: number) => number; restore: () => void } {
	const original = WorkflowExpression.prototype.resolveSimpleParameterValue;
	let count = 0;
	WorkflowExpression.prototype.resolveSimpleParameterValue = function counted(this: WorkflowExpression, ...args: Parameters<typeof original>) {
		if (isExpression(args[0])) count++;
		return original.apply(this, args);
	};
	return { perItem: (items) => count / items, restore: () => (WorkflowExpression.prototype.resolveSimpleParameterValue = original) };
}

async function evaluationsPerItem(parameters: INodeParameters, items: IDataObject[]): Promise<number> {
	const counter = countEvaluations();
	try {
		const result = await ctx.run(parameters, { items });
		expect(result.error).toBeUndefined();
		return counter.perItem(items.length);
	} finally {
		counter.restore();
	}
}

async function invoiceIds(count: number): Promise<string[]> {
	const client = await ctx.api('POST', '/client/add', { names: 'Acme' });
	const clientId = (client.data as Array<{ id: string }>)[0].id;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const body = await ctx.api('POST', '/invoice/add', { client: clientId, invoice_no: `N-${i}`, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 10 }] });
		ids.push((body.invoice as Array<{ id: string }>)[0].id);
	}
	return ids;
}

describe('expression evaluations per item', () => {
	test('Get Invoice with the ID from an expression: 3, all of them the ID (n8n reads every parameter twice, the node once)', async () => {
		const ids = await invoiceIds(10);
		const parameters = { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}') };
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id })))).toBe(3);
	});

	test('Get Invoice with a fixed ID: none (base URL and API key come from the credential without expressions)', async () => {
		const [id] = await invoiceIds(1);
		expect(await evaluationsPerItem({ resource: 'invoice', operation: 'get', invoiceId: byId(id) }, [{}, {}])).toBe(0);
	});

	test('Update Invoice with the ID and a note from expressions, the required fields fixed: 6 (3 for each expression)', async () => {
		const ids = await invoiceIds(5);
		const client = (await ctx.api('GET', `/invoice/${ids[0]}`)) as { invoice: Array<{ customer_id: string }> };
		const parameters = {
			resource: 'invoice',
			operation: 'update',
			invoiceId: byId('={{ $json.id }}'),
			itemsMode: 'keep',
			updateFields: { client: byId(client.invoice[0].customer_id), invoiceNo: 'N-0', paymentStatus: 'Not Paid', note: '={{ "Paid by " + $json.id }}' },
		};
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id })))).toBe(6);
	});
});
