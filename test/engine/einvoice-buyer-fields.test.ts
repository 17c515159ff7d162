import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { buildEInvoice } from '../../nodes/Invoicing/einvoice';
import { TestCredentialsHelper } from './harness/credentials-helper';
import { addInvoice, BUYER, expectedInput, fileOf, SELLER, TOTALS, xmlOf } from './einvoice-sample';
import { addClient, byId, useEngineFixture } from './fixture';

/**
 * Export E-Invoice with Buyer Fields: Map Automatically: each Buyer field read from the input field of its name
 * (no expression), one set on the node taking its place; what is missing names the input field; the seller
 * credential read once per execution.
 */
const ctx = useEngineFixture();

const auto = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'exportEInvoice',
	invoiceId: byId('={{ $json.id }}'),
	eInvoiceBuyerMapping: 'auto',
	...extra,
});

const run = async (parameters: INodeParameters, items: IDataObject[], continueOnFail = false) => await ctx.run(parameters, { seller: SELLER, items, continueOnFail });
const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);

const HAMBURG = { ...BUYER, vatId: 'DE811111111' };
const LYON = { street: 'Rue de la République 3', additionalStreet: 'Bâtiment B', city: 'Lyon', postalCode: '69002', country: 'FR', vatId: 'FR12345678901', buyerReference: 'PO-77' };

describe('Buyer Fields: Map Automatically', () => {
	test('each item its own buyer from its fields of the Buyer names (a number as text, other fields ignored): one invoice read each, no client read', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const first = await addInvoice(ctx, client, 'INV-1');
		const second = await addInvoice(ctx, client, 'INV-2');
		const items = [
			{ id: first, customer_name: 'Acme GmbH', total: '154.70', ...HAMBURG, postalCode: 20095, electronicAddress: 'rechnung@acme.example' },
			{ id: second, ...LYON, electronicAddress: '0204991-12345-67', electronicAddressScheme: '0204' },
		];
		const result = await run(auto({ eInvoiceFormat: 'en16931-ubl' }), items);
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([`GET /v1/invoice/${first}`, `GET /v1/invoice/${second}`]);
		expect(result.items.map((item) => item.json)).toEqual([
			{ format: 'en16931-ubl', invoice_no: 'INV-1', id: first, file_name: 'INV-1.xml', ...TOTALS, warnings: [] },
			{ format: 'en16931-ubl', invoice_no: 'INV-2', id: second, file_name: 'INV-2.xml', ...TOTALS, warnings: [] },
		]);
		expect(xmlOf(fileOf(result.items[0]))).toBe(buildEInvoice(expectedInput('en16931-ubl', 'INV-1', 'rechnung@acme.example', HAMBURG)).xml);
		expect(xmlOf(fileOf(result.items[1]))).toBe(buildEInvoice(expectedInput('en16931-ubl', 'INV-2', '0204991-12345-67', LYON, '0204')).xml);
	});

	test('a Buyer field set on the node takes the place of the item\'s; one left empty on the node does not; without an electronic address the client\'s e-mail', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(ctx, client, 'INV-3');
		const parameters = auto({ eInvoiceBuyer: { country: 'DE', buyerReference: '={{ $json.leitwegId }}', city: '' } });
		const result = await run(parameters, [{ id, ...HAMBURG, country: 'AT', buyerReference: 'from-the-item', leitwegId: '991-33333-44' }]);
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([`GET /v1/invoice/${id}`, `GET /v1/client/${client}`]);
		expect(xmlOf(fileOf(result.items[0]))).toBe(buildEInvoice(expectedInput('xrechnung-ubl', 'INV-3', 'ap@acme.example', { ...HAMBURG, buyerReference: '991-33333-44' })).xml);
	});

	test('Check Only: what is missing names the input field to fill as well as the Buyer field', async () => {
		const client = await addClient(ctx, 'Acme GmbH', '');
		const id = await addInvoice(ctx, client, 'INV-4');
		const result = await run(auto({ eInvoiceOptions: { checkOnly: true } }), [{ id, city: 'Hamburg', country: 'DE' }]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{
				id,
				invoice_no: 'INV-4',
				format: 'xrechnung-ubl',
				ready: false,
				missing: [
					{ bt: 'BR-DE-9', term: 'Buyer post code (BT-53)', fill: 'Buyer > Postal Code (or the input field postalCode)' },
					{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10), e.g. the Leitweg-ID', fill: 'Buyer > Buyer Reference (Leitweg-ID) (or the input field buyerReference)' },
					{ bt: 'BT-49', term: 'Buyer electronic address', fill: "Buyer > Electronic Address (or the input field electronicAddress), or the client's E-mail" },
				],
			},
		]);
	});

	test('refusals name the input field: a country that is no code, a field holding an object; Continue On Fail keeps the other items', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(ctx, client, 'INV-5');
		const items = [
			{ id, ...HAMBURG, country: 'Germany', electronicAddress: 'a@acme.example' },
			{ id, ...HAMBURG, street: { line1: 'Marktplatz 5' }, electronicAddress: 'a@acme.example' },
			{ id, ...HAMBURG, electronicAddress: 'a@acme.example' },
		];
		const result = await run(auto(), items, true);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ error: `Export E-Invoice "${id}" (item 0): "Buyer > Country (or the input field country)" is "Germany", not an ISO 3166-1 alpha-2 code` },
			{ error: `Export E-Invoice "${id}" (item 1): "street" (the input field for Buyer > Street) holds an object, not text` },
			{ format: 'xrechnung-ubl', invoice_no: 'INV-5', id, file_name: 'INV-5.xml', ...TOTALS, warnings: [] },
		]);
	});

	test('Map Each Field Below (the default) reads no input field: only the Buyer fields set on the node', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(ctx, client, 'INV-6');
		const parameters = { resource: 'invoice', operation: 'exportEInvoice', invoiceId: byId(id), eInvoiceBuyer: BUYER };
		const result = await run(parameters, [{ ...LYON, electronicAddress: 'not-read@acme.example' }]);
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([`GET /v1/invoice/${id}`, `GET /v1/client/${client}`]);
		expect(xmlOf(fileOf(result.items[0]))).toBe(buildEInvoice(expectedInput('xrechnung-ubl', 'INV-6', 'ap@acme.example')).xml);
	});
});

describe('the seller credential', () => {
	test('read once per execution and node, however many items; every item gets its file', async () => {
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
			const ids = [await addInvoice(ctx, client, 'INV-7'), await addInvoice(ctx, client, 'INV-8'), await addInvoice(ctx, client, 'INV-9')];
			const result = await run(auto(), ids.map((id) => ({ id, ...HAMBURG, electronicAddress: 'a@acme.example' })));
			expect(result.items.map((item) => fileOf(item)?.fileName)).toEqual(['INV-7.xml', 'INV-8.xml', 'INV-9.xml']);
			expect(reads.mock.calls.filter((call) => call[2] === 'invoicingSellerApi')).toHaveLength(1);
			// the next execution reads it again
			await run(auto(), [{ id: ids[0], ...HAMBURG, electronicAddress: 'a@acme.example' }]);
			expect(reads.mock.calls.filter((call) => call[2] === 'invoicingSellerApi')).toHaveLength(2);
		} finally {
			reads.mockRestore();
		}
	});
});
