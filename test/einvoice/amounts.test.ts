import { buildEInvoice, EInvoiceError } from '../../nodes/Invoicing/einvoice';
import { computeAmounts, currencyDecimals, totalsText } from '../../nodes/Invoicing/einvoice/amounts';
import { formatScaled, formatUnits, parseDecimal, roundTo } from '../../nodes/Invoicing/einvoice/decimal';
import type { EInvoiceInput } from '../../nodes/Invoicing/einvoice/types';
import { sampleInvoice } from './sample-invoice';

const totals = (input: EInvoiceInput) => totalsText(computeAmounts(input));

describe('exact decimals', () => {
	test.each([
		['12.345', 2, 1235n],
		['-12.345', 2, -1235n],
		['12.3449', 2, 1234n],
		['0.005', 2, 1n],
		['0.0049', 2, 0n],
		['7', 2, 700n],
		['1000.5', 0, 1001n],
	])('%s rounded half away from zero to %i decimals is %s minor units', (text, scale, units) => {
		expect(roundTo(parseDecimal(text) ?? { units: 0n, scale: 99 }, scale)).toBe(units);
	});

	test('decimal text is read exactly, and anything else is refused', () => {
		expect(parseDecimal(' 1.3333 ')).toEqual({ units: 13333n, scale: 4 });
		expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
		expect(['', '.', '1e3', '1,5', 'abc', '1.2.3'].map(parseDecimal)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
	});

	test('minor units are written with the currency decimals', () => {
		expect([formatUnits(5n, 2), formatUnits(-5n, 2), formatUnits(12345n, 2), formatUnits(1200n, 0)]).toEqual(['0.05', '-0.05', '123.45', '1200']);
		expect([formatScaled({ units: 2500n, scale: 3 }), formatScaled({ units: 3000n, scale: 3 })]).toEqual(['2.5', '3']);
	});
});

describe('the invoice amounts', () => {
	test('line nets are quantity × price rounded to cents, tax is the basis × rate rounded, due is total − paid', () => {
		// 1.3333 × 95.50 = 127.33215 -> 127.33; 3 × 0.125 = 0.375 -> 0.38; 127.71 × 19 % = 24.2649 -> 24.26
		expect(computeAmounts(sampleInvoice('en16931-ubl')).lineNets).toEqual([12733n, 38n]);
		expect(totals(sampleInvoice('en16931-ubl'))).toEqual({ lineTotal: '127.71', taxBasis: '127.71', taxAmount: '24.26', totalWithTax: '151.97', paid: '50.00', due: '101.97' });
	});

	test('a reduced rate rounds the tax half up: 10.10 × 5.5 % = 0.5555 -> 0.56', () => {
		const input = { ...sampleInvoice('en16931-ubl'), vat: { rate: '5.5', category: 'S' as const }, lines: [{ id: '1', description: 'Buch', quantity: '1', unitCode: 'C62', price: '10.10' }], paid: '0' };
		expect(totals(input)).toEqual({ lineTotal: '10.10', taxBasis: '10.10', taxAmount: '0.56', totalWithTax: '10.66', paid: '0.00', due: '10.66' });
	});

	test('4-decimal quantities: 0.0001 × 0.01 is 0.00, 2.0005 × 10 is 20.01', () => {
		const input = { ...sampleInvoice('en16931-ubl'), lines: [{ id: '1', description: 'a', quantity: '0.0001', unitCode: 'C62', price: '0.01' }, { id: '2', description: 'b', quantity: '2.0005', unitCode: 'C62', price: '10' }], paid: '0' };
		expect(computeAmounts(input).lineNets).toEqual([0n, 2001n]);
	});

	test('JPY has no minor unit: amounts are whole yen (3 × 333.5 = 1000.5 -> 1001; 7.5 % tax 75.075 -> 75)', () => {
		expect(currencyDecimals('JPY')).toBe(0);
		const input = { ...sampleInvoice('en16931-ubl'), currency: 'JPY', vat: { rate: '7.5', category: 'S' as const }, lines: [{ id: '1', description: 'a', quantity: '3', unitCode: 'C62', price: '333.5' }], paid: '0' };
		expect(totals(input)).toEqual({ lineTotal: '1001', taxBasis: '1001', taxAmount: '75', totalWithTax: '1076', paid: '0', due: '1076' });
		expect(buildEInvoice(input).xml).toContain('<cbc:PayableAmount currencyID="JPY">1076</cbc:PayableAmount>');
	});

	test('paid in full leaves 0.00 due, and needs neither due date nor payment terms (BR-CO-25)', () => {
		const input = { ...sampleInvoice('xrechnung-ubl'), dueDate: undefined, paid: '151.97' };
		const result = buildEInvoice(input);
		expect(result.totals.due).toBe('0.00');
		expect(result.xml).toContain('<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>');
	});
});

test('CII totals of 10^13 and more carry a warning: the CII rules add line amounts as binary doubles', () => {
	const huge = (format: 'en16931-cii' | 'en16931-ubl') => ({ ...sampleInvoice(format), lines: [{ id: '1', description: 'Anlage', quantity: '1', unitCode: 'C62', price: '10000000000000' }], paid: '0' });
	expect(buildEInvoice(huge('en16931-cii')).warnings).toEqual(['Amounts of 10^13 and more may fail BR-CO-10 in CII validators, which add line amounts as binary doubles']);
	expect(buildEInvoice(huge('en16931-ubl')).warnings).toEqual([]);
	expect(buildEInvoice({ ...huge('en16931-cii'), lines: [{ id: '1', description: 'Anlage', quantity: '1', unitCode: 'C62', price: '8000000000000' }] }).warnings).toEqual([]);
});

describe("the service's own figures", () => {
	const stated = (figures: EInvoiceInput['stated']) => ({ ...sampleInvoice('en16931-ubl'), stated: figures });
	const mismatchOf = (input: EInvoiceInput) => {
		try {
			buildEInvoice(input);
			return undefined;
		} catch (error) {
			return error instanceof EInvoiceError ? error.mismatch : error;
		}
	};

	test('equal figures pass without warning', () => {
		expect(buildEInvoice(stated({ subTotal: '127.71', taxAmount: '24.26', total: '151.97' })).warnings).toEqual([]);
	});

	test('one cent apart passes with a warning, and the file carries the computed figure', () => {
		const result = buildEInvoice(stated({ subTotal: '127.72', total: '151.9699' }));
		expect(result.warnings).toEqual([
			"The invoice's sub_total 127.72 differs from its lines' 127.71 by less than one cent; the file carries 127.71",
			"The invoice's total 151.9699 differs from its lines' 151.97 by less than one cent; the file carries 151.97",
		]);
		expect(result.xml).toContain('<cbc:LineExtensionAmount currencyID="EUR">127.71</cbc:LineExtensionAmount>');
	});

	test('more than one cent apart is refused, naming the figure', () => {
		expect(mismatchOf(stated({ subTotal: '127.73' }))).toEqual({ figure: 'sub_total', stated: '127.73', computed: '127.71' });
		expect(mismatchOf(stated({ taxAmount: '24.2499' }))).toEqual({ figure: 'tax_amount', stated: '24.2499', computed: '24.26' });
		expect(mismatchOf(stated({ total: '151.9801' }))).toEqual({ figure: 'total', stated: '151.9801', computed: '151.97' });
		expect(mismatchOf(stated({ total: 'n/a' }))).toEqual({ figure: 'total', stated: 'n/a', computed: '151.97' });
	});
});
