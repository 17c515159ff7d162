import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { buildEInvoice } from '../../nodes/Invoicing/einvoice';
import { addInvoice as addEInvoiceSample, BUYER, expectedInput, fileOf, SELLER, TOTALS, xmlOf } from './einvoice-sample';
import { addClient, byId, byNumber, useEngineFixture } from './fixture';

/**
 * Invoice > Export E-Invoice through n8n's engine against the sandbox: the requests it makes (the invoice, the
 * client only for its e-mail), the file and its totals, Check Only, and the refusals (a missing business term, a
 * 0% category, totals the lines contradict), item by item.
 */
const ctx = useEngineFixture();

const addInvoice = async (client: string, invoiceNo: string, extra: IDataObject = {}) => await addEInvoiceSample(ctx, client, invoiceNo, extra);

const exportParams = (invoiceId: INodeParameters[string], extra: INodeParameters = {}): INodeParameters => ({
	resource: 'invoice',
	operation: 'exportEInvoice',
	invoiceId,
	eInvoiceBuyer: BUYER,
	...extra,
});

const run = async (parameters: INodeParameters, options: { items?: IDataObject[]; continueOnFail?: boolean } = {}) =>
	await ctx.run(parameters, { seller: SELLER, ...options });

const requests = () => ctx.sent().map((r) => `${r.method} ${r.path}`);

describe('Export E-Invoice: the file, its totals and the requests', () => {
	test('By ID: GET the invoice, GET its client for the e-mail (the buyer address); one XRechnung UBL file named after the number', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(client, 'INV/2026:7');
		const result = await run(exportParams(byId(id)));
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([`GET /v1/invoice/${id}`, `GET /v1/client/${client}`]);
		// with the seller credential chosen too, every request still carries the Invoicing API's key (docs/design.md)
		expect(ctx.sent().map((r) => r.authorized)).toEqual([true, true]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({ format: 'xrechnung-ubl', invoice_no: 'INV/2026:7', id, file_name: 'INV_2026_7.xml', ...TOTALS, warnings: [] });
		const file = fileOf(result.items[0]);
		expect([file.fileName, file.mimeType, file.fileExtension]).toEqual(['INV_2026_7.xml', 'application/xml', 'xml']);
		expect(xmlOf(file)).toBe(buildEInvoice(expectedInput('xrechnung-ubl', 'INV/2026:7', 'ap@acme.example')).xml);
	});

	test('By Number, CII, the buyer address given and the file in another field: no client read', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(client, 'INV-1001');
		const parameters = exportParams(byNumber('INV-1001'), {
			eInvoiceFormat: 'en16931-cii',
			binaryPropertyName: 'einvoice',
			eInvoiceBuyer: { ...BUYER, electronicAddress: 'einvoice@acme.example' },
		});
		const result = await run(parameters);
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual(['GET /v1/invoice/all', `GET /v1/invoice/${id}`]);
		expect(result.items[0].json).toEqual({ format: 'en16931-cii', invoice_no: 'INV-1001', id, file_name: 'INV-1001.xml', ...TOTALS, warnings: [] });
		expect(result.items[0].binary && Object.keys(result.items[0].binary)).toEqual(['einvoice']);
		expect(xmlOf(fileOf(result.items[0], 'einvoice'))).toBe(buildEInvoice(expectedInput('en16931-cii', 'INV-1001', 'einvoice@acme.example')).xml);
	});

	test('Check Only: whether each invoice is ready and what is missing, no file', async () => {
		const client = await addClient(ctx, 'Acme GmbH', '');
		const ready = await addInvoice(client, 'INV-1');
		const result = await run(exportParams('={{ $json.id }}', { eInvoiceBuyer: { city: 'Hamburg', country: 'DE' }, eInvoiceOptions: { checkOnly: true } }), {
			items: [{ id: ready }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.binary)).toEqual([undefined]);
		expect(result.items[0].json).toEqual({
			id: ready,
			invoice_no: 'INV-1',
			format: 'xrechnung-ubl',
			ready: false,
			missing: [
				{ bt: 'BR-DE-9', term: 'Buyer post code (BT-53)', fill: 'Buyer > Postal Code' },
				{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10), e.g. the Leitweg-ID', fill: 'Buyer > Buyer Reference (Leitweg-ID)' },
				{ bt: 'BT-49', term: 'Buyer electronic address', fill: "Buyer > Electronic Address, or the client's E-mail" },
			],
		});
		expect(requests()).toEqual([`GET /v1/invoice/${ready}`, `GET /v1/client/${client}`]);
		const complete = await run(exportParams(byId(ready), { eInvoiceBuyer: { ...BUYER, electronicAddress: 'x@acme.example' }, eInvoiceOptions: { checkOnly: true } }));
		expect(complete.items[0].json).toEqual({ id: ready, invoice_no: 'INV-1', format: 'xrechnung-ubl', ready: true, missing: [] });
	});
});

describe('Export E-Invoice: nothing missing goes out', () => {
	test('a missing business term fails the item before any file, naming the item, the BT and where to fill it', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(client, 'INV-2');
		const result = await run(exportParams(byNumber('INV-2'), { eInvoiceBuyer: { ...BUYER, buyerReference: '' } }));
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			'Export E-Invoice "INV-2" (item 0): a business term is missing, no file written: BR-DE-15 Buyer reference (BT-10), e.g. the Leitweg-ID (fill: Buyer > Buyer Reference (Leitweg-ID))',
		);
		expect(requests()).toEqual(['GET /v1/invoice/all', `GET /v1/invoice/${id}`, `GET /v1/client/${client}`]);
	});

	test('Continue On Fail: the invoice with a missing term is an error item, the other one is exported', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const good = await addInvoice(client, 'INV-3');
		const bad = await addInvoice(client, 'INV-4');
		const result = await run(exportParams('={{ $json.id }}', { eInvoiceBuyer: { ...BUYER, buyerReference: '={{ $json.reference }}' } }), {
			items: [{ id: bad, reference: '' }, { id: good, reference: 'PO-77' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{
				error:
					'Export E-Invoice "' + bad + '" (item 0): a business term is missing, no file written: BR-DE-15 Buyer reference (BT-10), e.g. the Leitweg-ID (fill: Buyer > Buyer Reference (Leitweg-ID))',
			},
			{ format: 'xrechnung-ubl', invoice_no: 'INV-3', id: good, file_name: 'INV-3.xml', ...TOTALS, warnings: [] },
		]);
		expect(result.items.map((item) => fileOf(item)?.fileName)).toEqual([undefined, 'INV-3.xml']);
	});

	test('the service\'s totals contradicting the lines by more than a cent are refused, naming both figures', async () => {
		// five lines of 0.005 each: the service rounds their sum (0.025 -> 0.03) and shows each rate as 0.01, whose lines give 0.05
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const id = await addInvoice(client, 'INV-5', { tax_rate: 0, items: Array.from({ length: 5 }, () => ({ description: 'Sample', quantity: 1, rate: 0.005 })) });
		const result = await run(exportParams(byId(id), { eInvoiceDetails: { vatCategory: 'Z' } }));
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(`Export E-Invoice "${id}" (item 0): the invoice's sub-total (sub_total) is 0.03 but its lines give 0.05: no file written`);
	});
});

describe('Export E-Invoice: the VAT category of a 0% invoice', () => {
	test('0% without a category: BT-118 is missing; a category on a 19% invoice is refused; reverse charge needs its reason and the buyer VAT ID', async () => {
		const client = await addClient(ctx, 'Acme GmbH', 'ap@acme.example');
		const zero = await addInvoice(client, 'INV-7', { tax_rate: 0 });
		const standard = await addInvoice(client, 'INV-8');
		const check = await run(exportParams(byId(zero), { eInvoiceOptions: { checkOnly: true } }));
		expect(check.items[0].json.missing).toEqual([
			{ bt: 'BT-118', term: 'VAT category code (the invoice has tax rate 0)', fill: 'E-Invoice Details > VAT Category (0% Invoices)' },
		]);
		const contradicting = await run(exportParams(byId(standard), { eInvoiceDetails: { vatCategory: 'E', exemptionReason: 'Exempt' } }));
		expect(contradicting.error?.message).toBe(
			`Export E-Invoice "${standard}" (item 0): "E-Invoice Details > VAT Category (0% Invoices)" is E but the invoice's tax rate is 19%`,
		);
		const reverse = await run(exportParams(byId(zero), { eInvoiceDetails: { vatCategory: 'AE' }, eInvoiceOptions: { checkOnly: true } }));
		expect(reverse.items[0].json.missing).toEqual([
			{ bt: 'BT-48', term: 'Buyer VAT identifier (reverse charge, BR-AE-02)', fill: 'Buyer > VAT ID' },
			{ bt: 'BT-120', term: 'VAT exemption reason text (BT-120) or code (BT-121) for VAT category AE', fill: 'E-Invoice Details > Exemption Reason' },
		]);
		const exported = await run(
			exportParams(byId(zero), {
				eInvoiceBuyer: { ...BUYER, country: 'FR', vatId: 'FR12345678901' },
				eInvoiceDetails: { vatCategory: 'AE', exemptionReason: 'Reverse charge', exemptionReasonCode: 'VATEX-EU-AE' },
			}),
		);
		expect(exported.error).toBeUndefined();
		expect(exported.items[0].json).toEqual(expect.objectContaining({ tax_amount: '0.00', total: '130.00', amount_due: '130.00' }));
		expect(xmlOf(fileOf(exported.items[0]))).toContain('VATEX-EU-AE');
	});
});
