import { EINVOICE_FORMATS } from '../../nodes/Invoicing/einvoice';
import { BUYER_OPTIONS, exportEInvoiceFields } from '../../nodes/Invoicing/resources/invoice/exportEInvoice.operation';
import { decimalText, ExportRefusal, exportInput, type ExportSources } from '../../nodes/Invoicing/helpers/einvoice/export-input';
import { mergedTerms, withInputFields } from '../../nodes/Invoicing/helpers/einvoice/fill-names';
import { safeFileName } from '../../nodes/Invoicing/helpers/einvoice/export-step';

/** GET /invoice/{id} as the sandbox answers it, the seller credential, the parameters: what the writer gets. */
const sources = (change: Partial<ExportSources> = {}): ExportSources => ({
	format: 'peppol-ubl',
	record: {
		id: '7',
		invoice_no: ' INV-7 ',
		customer_id: '3',
		customer_name: 'Acme GmbH',
		currency: 'EUR',
		tax_rate: 7.5,
		sub_total: 200,
		tax_amount: 15,
		total: 215,
		amount_paid: '15.00',
		issue_date: '2026-03-01',
		due_date: '',
		note: 'Thanks',
	},
	items: [{ description: 'Work', quantity: 2, rate: '100.00', amount: '200.00' }],
	buyer: { city: 'Wien', country: 'AT' },
	details: { orderReference: 'PO-1', unitCode: 'HUR' },
	seller: { name: 'Muster GmbH', country: 'DE', vatId: 'DE123456789', electronicAddress: 'a@muster.example', electronicAddressScheme: 'EM', paymentMeansCode: '30', iban: '', contactPhone: '1' },
	clientEmail: 'ap@acme.example',
	...change,
});

test('each value as given (trimmed, never corrected): invoice, client e-mail, parameters, seller', () => {
	expect(exportInput(sources())).toEqual({
		missing: [],
		input: {
			format: 'peppol-ubl',
			number: 'INV-7',
			issueDate: '2026-03-01',
			dueDate: undefined,
			deliveryDate: '2026-03-01',
			currency: 'EUR',
			buyerReference: undefined,
			orderReference: 'PO-1',
			note: 'Thanks',
			seller: {
				name: 'Muster GmbH',
				address: { street: undefined, additionalStreet: undefined, city: undefined, postalCode: undefined, country: 'DE' },
				vatId: 'DE123456789',
				taxNumber: undefined,
				legalId: undefined,
				electronicAddress: { scheme: 'EM', value: 'a@muster.example' },
				contact: { name: undefined, phone: '1', email: undefined },
				iban: undefined,
				bic: undefined,
				accountName: undefined,
				paymentMeansCode: '30',
				paymentTerms: undefined,
			},
			buyer: {
				name: 'Acme GmbH',
				address: { street: undefined, additionalStreet: undefined, city: 'Wien', postalCode: undefined, country: 'AT' },
				vatId: undefined,
				electronicAddress: { scheme: 'EM', value: 'ap@acme.example' },
			},
			vat: { rate: '7.5', category: 'S', exemptionReason: undefined, exemptionReasonCode: undefined },
			lines: [{ id: '1', description: 'Work', quantity: '2', unitCode: 'HUR', price: '100.00' }],
			paid: '15.00',
			stated: { subTotal: '200', taxAmount: '15', total: '215' },
		},
	});
});

test('the buyer electronic address given wins over the client e-mail; a scheme without an address is refused', () => {
	const given = exportInput(sources({ buyer: { electronicAddress: '0204:991-1', electronicAddressScheme: '0204' } }));
	expect(given.input.buyer.electronicAddress).toEqual({ scheme: '0204', value: '0204:991-1' });
	expect(() => exportInput(sources({ buyer: { electronicAddressScheme: '0204' } }))).toThrow(
		new ExportRefusal('Buyer > Electronic Address Scheme', 'is 0204 but Buyer > Electronic Address is empty', ''),
	);
	expect(exportInput(sources({ clientEmail: undefined })).input.buyer.electronicAddress).toBeUndefined();
});

test('countries are ISO alpha-2 as given: "de" is refused, not upper-cased', () => {
	expect(() => exportInput(sources({ buyer: { country: 'de' } }))).toThrow('"Buyer > Country" is "de", not an ISO 3166-1 alpha-2 code');
	expect(() => exportInput(sources({ seller: { name: 'M', country: 'Germany' } }))).toThrow('is "Germany", not an ISO 3166-1 alpha-2 code');
});

test('VAT: above 0% standard rated, a category there refused; at 0% the category named, else BT-118 missing', () => {
	expect(() => exportInput(sources({ details: { vatCategory: 'AE' } }))).toThrow("is AE but the invoice's tax rate is 7.5%");
	const zero = { ...sources().record, tax_rate: 0 };
	expect(exportInput(sources({ record: zero })).missing).toEqual([
		{ bt: 'BT-118', term: 'VAT category code (the invoice has tax rate 0)', fill: 'E-Invoice Details > VAT Category (0% Invoices)' },
	]);
	expect(exportInput(sources({ record: zero, details: { vatCategory: 'K', exemptionReasonCode: 'VATEX-EU-IC' } })).input.vat).toEqual({
		rate: '0',
		category: 'K',
		exemptionReason: undefined,
		exemptionReasonCode: 'VATEX-EU-IC',
	});
	expect(() => exportInput(sources({ record: zero, details: { vatCategory: 'S' } }))).toThrow('is "S"');
});

test('a line whose quantity or rate is no number is refused, naming the line', () => {
	expect(() => exportInput(sources({ items: [{ description: 'x', quantity: 'two', rate: '1' }] }))).toThrow('"line 1 of the invoice" has quantity "two" and rate "1"');
});

test('decimal text: numbers as written, no exponent; text only when decimal', () => {
	expect([decimalText(7.5), decimalText(1e-7), decimalText(' 12.50 '), decimalText('1,5'), decimalText(Number.NaN)]).toEqual(['7.5', '0.0000001', '12.50', undefined, undefined]);
});

test('file names: what file systems refuse becomes _, an empty number names the file by id', () => {
	expect(safeFileName('INV/2026:7', '9')).toBe('INV_2026_7.xml');
	expect(safeFileName('a<b>c|d?e*f"g\\h\u0001', '9')).toBe('a_b_c_d_e_f_g_h_.xml');
	expect(safeFileName(' .. ', '9')).toBe('invoice-9.xml');
});

test('missing terms: each once, the node\'s place to fill it where it knows one, the writer\'s hint otherwise', () => {
	expect(
		mergedTerms(
			[{ bt: 'BT-118', term: 'VAT category', fill: 'x' }],
			[
				{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10)', fill: 'Buyer Reference' },
				{ bt: 'BR-XX-1', term: 'Something new', fill: 'Its hint' },
				{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10)', fill: 'Buyer Reference' },
			],
		),
	).toEqual([
		{ bt: 'BT-118', term: 'VAT category', fill: 'E-Invoice Details > VAT Category (0% Invoices)' },
		{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10)', fill: 'Buyer > Buyer Reference (Leitweg-ID)' },
		{ bt: 'BR-XX-1', term: 'Something new', fill: 'Its hint' },
	]);
});

test("the Format parameter offers exactly the writer's formats, XRechnung 3.0 UBL by default", () => {
	const format = exportEInvoiceFields.find((field) => field.name === 'eInvoiceFormat');
	expect(format?.default).toBe('xrechnung-ubl');
	expect((format?.options as Array<{ value: string }>).map((option) => option.value).sort()).toEqual(EINVOICE_FORMATS.map((info) => info.value).sort());
});

describe('Buyer Fields: Map Automatically', () => {
	test('the input field of each Buyer field is its option name, as the Buyer collection declares it', () => {
		const collection = exportEInvoiceFields.find((field) => field.name === 'eInvoiceBuyer');
		const options = (collection?.options ?? []) as Array<{ displayName: string; name: string }>;
		expect(BUYER_OPTIONS.map(({ label, key }) => [label, key])).toEqual(options.map((option) => [option.displayName, option.name]));
	});

	test('what to fill names the input field beside each Buyer field, and only those', () => {
		expect(withInputFields("Buyer > Electronic Address, or the client's E-mail")).toBe("Buyer > Electronic Address (or the input field electronicAddress), or the client's E-mail");
		expect(withInputFields('Buyer > Electronic Address Scheme')).toBe('Buyer > Electronic Address Scheme (or the input field electronicAddressScheme)');
		expect(withInputFields('Buyer > Street; Buyer > Additional Street')).toBe('Buyer > Street (or the input field street); Buyer > Additional Street (or the input field additionalStreet)');
		expect(withInputFields('Buyer > Buyer Reference (Leitweg-ID)')).toBe('Buyer > Buyer Reference (Leitweg-ID) (or the input field buyerReference)');
		expect(withInputFields('E-Invoice Details > Order Reference')).toBe('E-Invoice Details > Order Reference');
	});
});
