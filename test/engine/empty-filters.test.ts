import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import { addClient, addInvoice, byEmail, useEngineFixture } from './fixture';

/**
 * A Get Many filter the user added but left empty (a blank cell in `{{ $json.no }}`) is refused for its item,
 * never left out: left out, it would list every record, and a Send or Record Payment after it would act on the
 * whole book.
 */
const ctx = useEngineFixture();

const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);

/** Every filter of every resource that can be empty (all but a switch), from the resource definitions. */
const FILLABLE = RESOURCE_SPECS.flatMap((spec) =>
	spec.filters.filter(({ editor }) => editor.type !== 'boolean').map(({ editor }) => ({ spec, name: editor.name, label: editor.displayName, type: editor.type })),
);

/** The filter's value taken from the item's `v`, as a locator where the filter is one. */
const fromItem = (type: string): INodeParameters[string] => (type === 'resourceLocator' ? { __rl: true, mode: 'id', value: '={{ $json.v }}' } : '={{ $json.v }}');

/** The empty values a sheet or an earlier node gives: an empty cell, spaces only, null, a missing key. */
const EMPTY_ITEMS: IDataObject[] = [{ v: '' }, { v: '   ' }, { v: null }, {}];

describe('an empty filter is refused, never left out (it would list every record)', () => {
	test('the resource definitions have the filters this file covers', () => {
		expect(FILLABLE.map(({ spec, name }) => `${spec.value}.${name}`)).toEqual([
			'client.email',
			'client.search',
			'expense.currency',
			'expense.issueDateFrom',
			'expense.issueDateTo',
			'expense.vendor',
			'invoice.client',
			'invoice.dueDateFrom',
			'invoice.dueDateTo',
			'invoice.issueDateFrom',
			'invoice.issueDateTo',
			'invoice.invoiceNo',
			'invoice.paymentStatus',
			'estimate.accepted',
			'estimate.client',
			'estimate.estimateNo',
		]);
	});

	test.each(FILLABLE.map((filter) => [`${filter.spec.value} "${filter.label}"`, filter]))('%s: each empty value fails its item, naming the filter', async (_name, filter) => {
		const result = await ctx.run(
			{ resource: filter.spec.value, operation: 'getAll', returnAll: true, filters: { [filter.name]: fromItem(filter.type) } },
			{ items: EMPTY_ITEMS, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.error)).toEqual(
			EMPTY_ITEMS.map((_item, i) => `Get Many ${filter.spec.plural} (item ${i}): "${filter.label}" filter is empty: give it a value, or remove it from Filters`),
		);
		expect(result.items.map((item) => item.error?.context?.itemIndex)).toEqual([0, 1, 2, 3]);
		expect(result.items[0].error?.description).toBe(
			`An empty filter is refused, not ignored: ignored, it would list every ${filter.spec.value}, and the nodes after this one would act on all of them.`,
		);
		// refused in the pre-send: nothing was sent, not even the list read
		expect(requests()).toEqual([]);
	});

	test('Continue On Fail: the item with an empty Invoice Number fails, the next one lists its invoice', async () => {
		const acme = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const first = await addInvoice(ctx, acme, 'INV-1');
		await addInvoice(ctx, acme, 'INV-2');
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { invoiceNo: '={{ $json.no }}' } },
			{ items: [{ no: '' }, { no: 'INV-1' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toEqual({ error: 'Get Many Invoices (item 0): "Invoice Number" filter is empty: give it a value, or remove it from Filters' });
		expect(result.items[1].json).toEqual(expect.objectContaining({ id: first, invoice_no: 'INV-1', customer_id: acme }));
		expect(result.items[1].error).toBeUndefined();
		// only the item with a number read the list
		expect(requests()).toEqual(['GET /v1/invoice/all']);
	});

	test('without Continue On Fail the run stops at the empty filter, with nothing output', async () => {
		const acme = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		await addInvoice(ctx, acme, 'INV-1');
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { invoiceNo: '={{ $json.no }}' } }, { items: [{ no: ' ' }] });
		expect(result.error?.message).toBe('Get Many Invoices (item 0): "Invoice Number" filter is empty: give it a value, or remove it from Filters');
		expect(result.items).toEqual([]);
		expect(requests()).toEqual([]);
	});

	test('the Client filter By E-mail, empty: refused without looking the client up; a given e-mail still filters', async () => {
		const acme = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const beta = await addClient(ctx, 'Beta', 'ap@beta.example');
		const mine = await addInvoice(ctx, acme, 'INV-1');
		await addInvoice(ctx, beta, 'B-1');
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { client: byEmail('={{ $json.email }}') } },
			{ items: [{ email: '' }, { email: 'billing@acme.example' }], continueOnFail: true },
		);
		expect(result.items[0].json).toEqual({ error: 'Get Many Invoices (item 0): "Client" filter is empty: give it a value, or remove it from Filters' });
		expect(result.items.slice(1).map((item) => item.json.id)).toEqual([mine]);
		// the empty item sent nothing; the other read the client list, then the invoices
		expect(requests()).toEqual(['GET /v1/client/all', 'GET /v1/invoice/all']);
	});

	test('a Client filter added but left on From List with nothing chosen is refused too', async () => {
		const result = await ctx.run({ resource: 'estimate', operation: 'getAll', returnAll: true, filters: { client: { __rl: true, mode: 'list', value: '' } } });
		expect(result.error?.message).toBe('Get Many Estimates (item 0): "Client" filter is empty: give it a value, or remove it from Filters');
		expect(requests()).toEqual([]);
	});
});

describe('an unreadable filter date is refused before anything is sent', () => {
	test.each(FILLABLE.filter(({ type }) => type === 'dateTime').map((filter) => [`${filter.spec.value} "${filter.label}"`, filter]))(
		'%s: "03/05/2026" fails each item, with no request sent',
		async (_name, filter) => {
			const result = await ctx.run(
				{ resource: filter.spec.value, operation: 'getAll', returnAll: true, filters: { [filter.name]: '={{ $json.v }}' } },
				{ items: [{ v: '03/05/2026' }, { v: 'next tuesday' }], continueOnFail: true },
			);
			expect(result.items.map((item) => item.json.error)).toEqual(
				['"03/05/2026"', '"next tuesday"'].map(
					(got, i) => `Get Many ${filter.spec.plural} (item ${i}): "${filter.label}" must be an unambiguous date, got ${got}: give YYYY-MM-DD or an ISO date and time`,
				),
			);
			expect(requests()).toEqual([]);
		},
	);
});
