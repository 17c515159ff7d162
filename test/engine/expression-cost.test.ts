import { isExpression, WorkflowExpression, type ICredentialDataDecryptedObject, type IDataObject, type INodeParameters, type INodeProperties, type INodeType } from 'n8n-workflow';

import { byId, useEngineFixture } from './fixture';
import { createNodeTypes, INVOICING_TYPE } from './harness/node-types';

/**
 * n8n's declarative engine evaluates every declared property for every item (docs/design.md, "n8n's engine: what the node relies on"), and
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

async function evaluationsPerItem(parameters: INodeParameters, items: IDataObject[], seller?: ICredentialDataDecryptedObject): Promise<number> {
	const counter = countEvaluations();
	try {
		const result = await ctx.run(parameters, { items, ...(seller ? { seller } : {}) });
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
	test('Get Invoice with the ID from an expression: 2, both n8n\'s (it reads every parameter twice; the node takes `$json.id` from the item)', async () => {
		const ids = await invoiceIds(10);
		const parameters = { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}') };
		expect(await evaluationsPerItem(parameters, ids.map((id) => ({ id })))).toBe(2);
	});

	test('Get Invoice By Number from an expression: 2 per item as By ID, and 1 per run (the one list read names its row)', async () => {
		await invoiceIds(10);
		const parameters = { resource: 'invoice', operation: 'get', invoiceId: { __rl: true, mode: 'number', value: '={{ $json.number }}' } };
		expect(await evaluationsPerItem(parameters, Array.from({ length: 10 }, (_, i) => ({ number: `N-${i}` })))).toBe(2 + 1 / 10);
	});

	test('Get Invoice with a fixed ID: none (base URL and API key come from the credential without expressions)', async () => {
		const [id] = await invoiceIds(1);
		expect(await evaluationsPerItem({ resource: 'invoice', operation: 'get', invoiceId: byId(id) }, [{}, {}])).toBe(0);
	});

	async function updateWithNote(): Promise<{ parameters: INodeParameters; items: IDataObject[] }> {
		const ids = await invoiceIds(5);
		const client = (await ctx.api('GET', `/invoice/${ids[0]}`)) as { invoice: Array<{ customer_id: string }> };
		const parameters = {
			resource: 'invoice',
			operation: 'update',
			invoiceId: byId('={{ $json.id }}'),
			itemsMode: 'keep',
			updateFields: { client: byId(client.invoice[0].customer_id), invoiceNo: 'N-0', paymentStatus: 'Not Paid', note: '={{ "Paid by " + $json.id }}' },
		};
		return { parameters, items: ids.map((id) => ({ id })) };
	}

	test('Update Invoice with the ID and a note from expressions, the required fields fixed: 5 (the ID 2, the note, more than a path into the item, 3)', async () => {
		const { parameters, items } = await updateWithNote();
		expect(await evaluationsPerItem(parameters, items)).toBe(5);
	});

	test('Update Invoice with the ID and three Update Fields mapped as paths into the item: 8 (2 each; 12 when the node evaluated them once more)', async () => {
		const ids = await invoiceIds(5);
		const client = (await ctx.api('GET', `/invoice/${ids[0]}`)) as { invoice: Array<{ customer_id: string }> };
		const parameters = {
			resource: 'invoice',
			operation: 'update',
			invoiceId: byId('={{ $json.id }}'),
			itemsMode: 'keep',
			updateFields: { client: byId('={{ $json.client }}'), invoiceNo: '={{ $json.no }}', paymentStatus: 'Not Paid', note: '={{ $json.note }}' },
		};
		const items = ids.map((id, i) => ({ id, client: client.invoice[0].customer_id, no: `N-${i}`, note: 'Paid' }));
		expect(await evaluationsPerItem(parameters, items)).toBe(8);
	});

	test('Create Invoice with the client, number and a defined line\'s text and rate mapped as paths: 12, all n8n\'s (its walk evaluates a fixed collection\'s values twice)', async () => {
		const client = await ctx.api('POST', '/client/add', { names: 'Acme' });
		const parameters = {
			resource: 'invoice',
			operation: 'create',
			ifExists: 'create',
			client: byId('={{ $json.client }}'),
			invoiceNo: '={{ $json.no }}',
			paymentStatus: 'Not Paid',
			itemsMode: 'define',
			items: { item: [{ description: '={{ $json.line }}', quantity: 1, rate: '={{ $json.rate }}' }] },
		};
		const clientId = (client.data as Array<{ id: string }>)[0].id;
		const items = Array.from({ length: 5 }, (_, i) => ({ client: clientId, no: `D-${i}`, line: 'Work', rate: 10 + i }));
		// the client and number 2 each, the line's text and rate 4 each; 14 when the pre-send evaluated the line once more
		expect(await evaluationsPerItem(parameters, items)).toBe(12);
	});

	test('why the node reads its fields in a preSend rather than letting routing.send send them: a routed field costs two more', async () => {
		// n8n reads a parameter that has `routing` with getNodeParameter in both of its passes over the properties
		// (n8n-core routing-node getRequestOptionsFromParameters), on top of the two evaluations every parameter gets:
		// 4 where the preSend read it would replace costs 1 (3). Measured by routing the note for this test only.
		const updateFields = (createNodeTypes().getByName(INVOICING_TYPE) as INodeType).description.properties.find((p) => p.name === 'updateFields');
		const note = (updateFields?.options as INodeProperties[]).find((option) => option.name === 'note') as INodeProperties;
		const { parameters, items } = await updateWithNote();
		note.routing = { send: { type: 'body', property: 'note' } };
		try {
			// the ID 2, the routed note 5 (its preSend read included)
			expect(await evaluationsPerItem(parameters, items)).toBe(7);
		} finally {
			delete note.routing;
		}
	});

	test('Export E-Invoice with Buyer Fields: Map Automatically: 2, as Get (the buyer read from the item by field names); its 7 buyer fields mapped one by one: 16', async () => {
		const ids = await invoiceIds(5);
		const seller = { name: 'Muster GmbH', city: 'Berlin', postalCode: '10115', country: 'DE', vatId: 'DE123456789', electronicAddress: 'billing@muster.example', iban: 'DE02120300000000202051' };
		const fields = ['street', 'postalCode', 'city', 'country', 'vatId', 'buyerReference', 'electronicAddress'];
		const items = ids.map((id, i) => ({ id, street: `Markt ${i}`, postalCode: '20095', city: 'Hamburg', country: 'DE', vatId: 'DE811111111', buyerReference: `PO-${i}`, electronicAddress: 'ap@acme.example' }));
		const base = { resource: 'invoice', operation: 'exportEInvoice', invoiceId: byId('={{ $json.id }}'), eInvoiceFormat: 'en16931-ubl', eInvoiceDetails: { vatCategory: 'Z' } };
		expect(await evaluationsPerItem({ ...base, eInvoiceBuyerMapping: 'auto' }, items, seller)).toBe(2);
		const mapped = { ...base, eInvoiceBuyer: Object.fromEntries(fields.map((field) => [field, `={{ $json.${field} }}`])) };
		expect(await evaluationsPerItem(mapped, items, seller)).toBe(16);
	});
});
