import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { jsonPathOf, valueAtPath } from '../../nodes/Invoicing/engine/item-parameter';
import { addClient, addInvoice, byId, byNumber, useEngineFixture } from './fixture';

/**
 * The node reads `={{ $json.<path> }}` from the item instead of asking n8n to evaluate it a third time
 * (engine/item-parameter). Each case runs twice through n8n's engine: once with the plain path, once
 * with the same path in parentheses, which n8n evaluates as before. Requests, outputs and errors must be the same.
 */
const ctx = useEngineFixture();

/** `={{ $json.a }}` -> `={{ ($json.a) }}`: the same value, evaluated by n8n. */
const evaluatedByN8n = (parameters: INodeParameters): INodeParameters =>
	JSON.parse(JSON.stringify(parameters).replace(/=\{\{ (\$json[^}]*?) \}\}/g, '={{ ($1) }}')) as INodeParameters;

const ids = (text: string) => text.replace(/\d{10,}/g, '{id}');

/** What a run sent and gave, record ids as {id}, without timestamps. */
async function outcome(parameters: INodeParameters, items: IDataObject[]) {
	const result = await ctx.run(parameters, { items, continueOnFail: true });
	const stamps = /"(created_at|updated_at|date)":"[^"]*"/g;
	return {
		error: result.error?.message,
		items: result.items.map((item) => ({ json: ids(JSON.stringify(item.json).replace(stamps, '"$1":"?"')), error: item.error?.message && ids(item.error.message) })),
		sent: ctx.sent().map((r) => ids(`${r.method} ${r.path} ${r.rawBody}`)),
	};
}

/** The run with the plain paths, then (the service emptied and `setUp` again) with n8n evaluating them. */
async function sameBothWays(parameters: INodeParameters, setUp: () => Promise<IDataObject[]>): Promise<void> {
	const fast = await outcome(parameters, await setUp());
	ctx.sandbox.reset({});
	const slow = await outcome(evaluatedByN8n(parameters), await setUp());
	expect(fast).toEqual(slow);
	expect(fast.sent.length).toBeGreaterThan(0);
}

describe('a mapped parameter read from the item is what n8n would evaluate', () => {
	test('the paths read from the item, and the expressions left to n8n', () => {
		expect(jsonPathOf('={{ $json.client }}')).toEqual(['client']);
		expect(jsonPathOf('={{$json.order["the number"][0].no}}')).toEqual(['order', 'the number', 0, 'no']);
		expect(jsonPathOf("={{ $json['a b'] }}")).toEqual(['a b']);
		for (const other of ['={{ $json.a }} ', '=x{{ $json.a }}', '={{ ($json.a) }}', '={{ $json.a + 1 }}', '={{ $json.a.trim() }}', '={{ $json }}', '={{ $json.a }}{{ $json.b }}', '$json.a', '={{ $input.item.json.a }}']) {
			expect([other, jsonPathOf(other)]).toEqual([other, other === '={{ $json }}' ? [] : undefined]);
		}
		const json = { a: { b: [1, 'x'] }, n: null, d: new Date(0), f: Number.NaN, proto: Object.create({ inherited: 1 }) };
		expect(valueAtPath(json, ['a', 'b', 1])).toEqual({ value: 'x' });
		const copy = valueAtPath(json, ['a']);
		expect(copy).toEqual({ value: { b: [1, 'x'] } });
		expect(copy?.value).not.toBe(json.a);
		// left to n8n: a missing key, an index past the end, null, a Date, NaN, inherited keys
		for (const path of [['missing'], ['a', 'b', 2], ['n'], ['d'], ['f'], ['proto', 'inherited'], ['a', 'b', 'length'], ['toString']]) {
			expect([path, valueAtPath(json, path)]).toEqual([path, undefined]);
		}
	});

	test('Create Invoice: client, number and line items of every shape, nested and bracket paths, a missing key', async () => {
		const parameters: INodeParameters = {
			resource: 'invoice',
			operation: 'create',
			ifExists: 'create',
			client: byId('={{ $json.order["the client"] }}'),
			invoiceNo: '={{ $json.order.no }}',
			paymentStatus: 'Not Paid',
			itemsMode: 'json',
			itemsJson: '={{ $json.lines }}',
			additionalFields: { issueDate: '2026-01-15' },
		};
		const line = { description: '  Design ünïcode ', quantity: 2, rate: 150.5 };
		await sameBothWays(parameters, async () => {
			const client = await addClient(ctx, 'Acme');
			return [
				{ order: { 'the client': client, no: 'INV-1' }, lines: [line] },
				{ order: { 'the client': Number(client), no: 1002 }, lines: [{ ...line, quantity: '3', rate: '20' }, line] },
				{ order: { 'the client': ` ${client} `, no: '' }, lines: [line] },
				{ order: { 'the client': client, no: 'INV-4' }, lines: '[{"description":"As text","quantity":1,"rate":5}]' },
				{ order: { 'the client': client, no: 'INV-5' }, lines: [] },
				{ order: { 'the client': client }, lines: [line] },
				{ order: { 'the client': null, no: 'INV-7' }, lines: [line] },
				{ order: { 'the client': client, no: 'INV-8' }, lines: [{ description: 'Bad', quantity: -1, rate: 'x' }] },
				{ order: { 'the client': client, no: true }, lines: { description: 'Not a list' } },
			];
		});
	});

	test('Additional Fields and Update Fields: every expression a path (read from the item), or one that is more (n8n evaluates the collection)', async () => {
		const base: INodeParameters = {
			resource: 'invoice',
			operation: 'create',
			ifExists: 'create',
			client: byId('={{ $json.client }}'),
			invoiceNo: '={{ $json.no }}',
			paymentStatus: 'Not Paid',
			itemsMode: 'define',
			items: { item: [{ description: '={{ $json.line }}', quantity: 1, rate: '={{ $json.rate }}' }] },
		};
		const rows = async () => {
			const client = await addClient(ctx, 'Acme');
			return [
				{ client, no: 'A-1', line: 'Work', rate: 10, issue: '2026-01-15', due: '2026-02-14', tax: 7.5, note: 'Thanks' },
				{ client, no: 'A-2', line: 'Work', rate: '12.5', issue: '2026-01-15T10:00:00Z', due: '2026-01-01', tax: '20', note: '' },
				{ client, no: 'A-3', line: 'Work', rate: 5, issue: '15/01/2026', tax: -1, currency: 'eur' },
				{ client, no: 'A-4', line: 'Work', rate: 5, issue: null, due: '2026-03-01', tax: 0, note: { text: 'an object' } },
			];
		};
		const fields = { issueDate: '={{ $json.issue }}', dueDate: '={{ $json.due }}', taxRate: '={{ $json.tax }}', note: '={{ $json.note }}', currency: 'USD' };
		await sameBothWays({ ...base, additionalFields: fields }, rows);
		ctx.sandbox.reset({});
		await sameBothWays({ ...base, additionalFields: { ...fields, note: '={{ "Note: " + $json.note }}' } }, rows);
		ctx.sandbox.reset({});
		const update = async () => {
			const client = await addClient(ctx, 'Acme');
			const id = await addInvoice(ctx, client, 'U-1');
			return [
				{ id, client, no: 'U-1', note: 'Paid', status: 'Paid' },
				{ id, client: Number(client), no: 1001, note: 7, status: 'Not Paid' },
				{ id, client, no: 'U-1', status: 'Maybe' },
			];
		};
		await sameBothWays(
			{
				resource: 'invoice',
				operation: 'update',
				invoiceId: byId('={{ $json.id }}'),
				itemsMode: 'keep',
				updateFields: { client: byId('={{ $json.client }}'), invoiceNo: '={{ $json.no }}', paymentStatus: '={{ $json.status }}', note: '={{ $json.note }}' },
			},
			update,
		);
	});

	test('Get and Record Payment: the invoice By ID and By Number, the amount as number and text', async () => {
		const rows = async () => {
			const id = await addInvoice(ctx, await addClient(ctx, 'Acme'), 'INV-1');
			return [{ id, no: 'INV-1', amount: 10 }, { id: Number(id), no: 'INV-1', amount: '12.50' }, { id: '', no: 'INV-9', amount: 0 }, { no: ' INV-1 ', amount: '-5' }];
		};
		await sameBothWays({ resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}') }, rows);
		ctx.sandbox.reset({});
		const pay = (invoiceId: ReturnType<typeof byId>): INodeParameters => ({ resource: 'invoice', operation: 'recordPayment', invoiceId, paymentDate: '2026-03-05', amountPaid: '={{ $json.amount }}' });
		await sameBothWays(pay(byId('={{ $json.id }}')), rows);
		ctx.sandbox.reset({});
		await sameBothWays(pay(byNumber('={{ $json.no }}')), rows);
	});
});
