import { buildEInvoice, checkEInvoice, EInvoiceError, EINVOICE_FORMATS } from '../../nodes/Invoicing/einvoice';
import type { EInvoiceFormat, EInvoiceInput } from '../../nodes/Invoicing/einvoice/types';
import { sampleInvoice } from './sample-invoice';

type Change = (input: EInvoiceInput) => EInvoiceInput;
const bts = (input: EInvoiceInput) => checkEInvoice(input).map((term) => term.bt);
const seller = (change: Partial<EInvoiceInput['seller']>): Change => (input) => ({ ...input, seller: { ...input.seller, ...change } });
const buyer = (change: Partial<EInvoiceInput['buyer']>): Change => (input) => ({ ...input, buyer: { ...input.buyer, ...change } });
const vat = (change: Partial<EInvoiceInput['vat']>): Change => (input) => ({ ...input, vat: { ...input.vat, ...change } });
const line = (change: Partial<EInvoiceInput['lines'][number]>): Change => (input) => ({ ...input, lines: [{ ...input.lines[0], ...change }, input.lines[1]] });

test.each(EINVOICE_FORMATS.map((format) => format.value))('a complete %s invoice misses nothing', (format) => {
	expect(checkEInvoice(sampleInvoice(format))).toEqual([]);
});

const FORMATS: EInvoiceFormat[] = ['xrechnung-ubl', 'xrechnung-cii', 'en16931-ubl', 'en16931-cii', 'peppol-ubl'];

/** [what is missing, change, the BT or rule named per format in FORMATS' order] */
const CASES: Array<[string, Change, string[][]]> = [
	['invoice number', (input) => ({ ...input, number: ' ' }), [['BT-1'], ['BT-1'], ['BT-1'], ['BT-1'], ['BT-1']]],
	['issue date', (input) => ({ ...input, issueDate: '29.11.2026' }), [['BT-2'], ['BT-2'], ['BT-2'], ['BT-2'], ['BT-2']]],
	['currency', (input) => ({ ...input, currency: 'euro' }), [['BT-5'], ['BT-5'], ['BT-5'], ['BT-5'], ['BT-5']]],
	['seller name', seller({ name: '\u0001\u0002' }), [['BT-27'], ['BT-27'], ['BT-27'], ['BT-27'], ['BT-27']]],
	['seller country', seller({ address: { city: 'Berlin', postalCode: '10115' } }), [['BT-40'], ['BT-40'], ['BT-40'], ['BT-40'], ['BT-40']]],
	['seller city and post code', seller({ address: { country: 'DE' } }), [['BR-DE-3', 'BR-DE-4'], ['BR-DE-3', 'BR-DE-4'], [], [], []]],
	['seller VAT id and tax number', seller({ vatId: undefined }), [['BR-DE-16'], ['BR-DE-16'], ['BT-31'], ['BT-31'], ['BT-31']]],
	['seller contact', seller({ contact: undefined }), [['BR-DE-5', 'BR-DE-6', 'BR-DE-7'], ['BR-DE-5', 'BR-DE-6', 'BR-DE-7'], [], [], []]],
	['seller electronic address', seller({ electronicAddress: undefined }), [['BT-34'], ['BT-34'], [], [], ['BT-34']]],
	['payment account', seller({ iban: undefined }), [['BT-84'], ['BT-84'], ['BT-84'], ['BT-84'], ['BT-84']]],
	['payment means', seller({ paymentMeansCode: '' }), [['BR-DE-1'], ['BR-DE-1'], ['BT-81'], ['BT-81'], ['BT-81']]],
	['buyer name', buyer({ name: '' }), [['BT-44'], ['BT-44'], ['BT-44'], ['BT-44'], ['BT-44']]],
	['buyer country', buyer({ address: { city: 'Musterhausen', postalCode: '12345' } }), [['BR-11'], ['BR-11'], ['BR-11'], ['BR-11'], ['BR-11']]],
	['buyer electronic address', buyer({ electronicAddress: undefined }), [['BT-49'], ['BT-49'], [], [], ['BT-49']]],
	['buyer reference', (input) => ({ ...input, buyerReference: undefined }), [['BR-DE-15'], ['BR-DE-15'], [], [], ['BT-10']]],
	['due date or payment terms while an amount is due', (input) => ({ ...input, dueDate: undefined }), [['BT-9'], ['BT-9'], ['BT-9'], ['BT-9'], ['BT-9']]],
	['exemption reason of an exempt invoice', vat({ rate: '0', category: 'E' }), [['BT-120'], ['BT-120'], ['BT-120'], ['BT-120'], ['BT-120']]],
	['a rate above 0 for standard rated', vat({ rate: '0' }), [['BR-S-05'], ['BR-S-05'], ['BR-S-05'], ['BR-S-05'], ['BR-S-05']]],
	['a rate of 0 for zero rated', vat({ rate: '19', category: 'Z' }), [['BR-Z-05'], ['BR-Z-05'], ['BR-Z-05'], ['BR-Z-05'], ['BR-Z-05']]],
	['invoice lines', (input) => ({ ...input, lines: [] }), [['BG-25'], ['BG-25'], ['BG-25'], ['BG-25'], ['BG-25']]],
	['item name', line({ description: '' }), [['BT-153'], ['BT-153'], ['BT-153'], ['BT-153'], ['BT-153']]],
	['a price of zero or more', line({ price: '-1' }), [['BT-146'], ['BT-146'], ['BT-146'], ['BT-146'], ['BT-146']]],
	['a quantity', line({ quantity: 'two' }), [['BT-129'], ['BT-129'], ['BT-129'], ['BT-129'], ['BT-129']]],
];

describe.each(CASES)('without %s', (_what, change, expected) => {
	test.each(FORMATS.map((format, index) => [format, expected[index]] as const))('%s names %j', (format, names) => {
		expect(bts(change(sampleInvoice(format)))).toEqual(names);
	});
});

describe('terms a VAT category brings', () => {
	const en = sampleInvoice('en16931-ubl');
	test('reverse charge needs the buyer VAT id or legal id (BR-AE-02) and a reason', () => {
		expect(bts(vat({ rate: '0', category: 'AE' })(en))).toEqual(['BT-48', 'BT-120']);
		expect(bts(vat({ rate: '0', category: 'AE', exemptionReasonCode: 'VATEX-EU-AE' })(buyer({ legalId: '123' })(en)))).toEqual([]);
	});

	test('an intra-community supply needs the seller and buyer VAT ids and the delivery date', () => {
		expect(bts(vat({ rate: '0', category: 'K', exemptionReason: 'Intra-community supply' })(en))).toEqual(['BT-48', 'BT-72']);
		expect(bts(vat({ rate: '0', category: 'K', exemptionReason: 'x' })(seller({ vatId: undefined, taxNumber: '201/113/40209' })({ ...en, deliveryDate: '2026-11-20', buyer: { ...en.buyer, vatId: 'FR61954506077' } })))).toEqual(['BT-31']);
	});

	test('not subject to VAT writes no VAT id, so it needs the seller legal registration id (BR-CO-26)', () => {
		const outOfScope = vat({ rate: '0', category: 'O', exemptionReason: 'Nicht steuerbar' })(en);
		expect(bts(outOfScope)).toEqual(['BT-30']);
		expect(bts(seller({ legalId: 'HRB 1' })(outOfScope))).toEqual([]);
	});

	test('paid in full needs no due date', () => {
		expect(bts({ ...en, dueDate: undefined, paid: '151.97' })).toEqual([]);
	});

	test('Peppol takes an order reference instead of the buyer reference', () => {
		expect(bts({ ...sampleInvoice('peppol-ubl'), buyerReference: undefined, orderReference: 'PO-7' })).toEqual([]);
	});
});

test('buildEInvoice refuses an invoice with missing terms, naming each with what to fill', () => {
	const input = { ...sampleInvoice('xrechnung-ubl'), buyerReference: undefined, seller: { ...sampleInvoice('xrechnung-ubl').seller, iban: undefined } };
	let thrown: unknown;
	try {
		buildEInvoice(input);
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeInstanceOf(EInvoiceError);
	expect((thrown as EInvoiceError).missing).toEqual([
		{ bt: 'BR-DE-15', term: 'Buyer reference (BT-10), e.g. the Leitweg-ID', fill: 'Buyer Reference' },
		{ bt: 'BT-84', term: 'Payment account identifier (IBAN)', fill: 'IBAN' },
	]);
	expect((thrown as EInvoiceError).message).toBe('The e-invoice lacks Buyer reference (BT-10), e.g. the Leitweg-ID (BR-DE-15), Payment account identifier (IBAN) (BT-84)');
});
