import fc from 'fast-check';

import { computeAmounts } from '../../nodes/Invoicing/einvoice/amounts';
import { formatUnits } from '../../nodes/Invoicing/einvoice/decimal';
import type { EInvoiceFormat, EInvoiceInput, EInvoiceLine, VatCategory } from '../../nodes/Invoicing/einvoice/types';

/** Text as customers type it: the five XML specials, umlauts, Greek, Cyrillic, CJK, Arabic, an emoji (a surrogate pair). */
const TEXT_UNITS = ['a', 'B', 'z', '0', '7', ' ', '-', '.', '&', '<', '>', '"', "'", 'ä', 'Ö', 'ü', 'ß', 'é', 'Ω', 'ж', '日', '本', '語', 'ا', '€', '😀'];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...TEXT_UNITS), minLength: 0, maxLength }).map((tail) => `X${tail}`);

/** An exact decimal as the service writes it: digits, then up to `maxScale` decimals. */
const decimalText = (max: number, maxScale: number) =>
	fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: maxScale })).map(([units, scale]) => formatUnits(BigInt(units), scale));

const STANDARD_RATES = ['5.5', '7', '7.5', '19', '20', '21', '25'];
const ZERO_CATEGORIES: VatCategory[] = ['Z', 'E', 'AE', 'K', 'G', 'O'];
const vatArbitrary = fc.oneof(
	fc.constantFrom(...STANDARD_RATES).map((rate) => ({ rate, category: 'S' as VatCategory })),
	fc.constantFrom(...ZERO_CATEGORIES).map((category) => ({ rate: '0', category })),
);

// amounts stay below 10^13: the EN 16931 CII rules add line amounts as binary doubles (BR-CO-10), exact to about 15 digits
const lineArbitrary = fc.record({
	description: text(40),
	quantity: decimalText(99_999, 4).filter((quantity) => !/^0(\.0*)?$/.test(quantity)),
	unitCode: fc.constantFrom('C62', 'HUR', 'DAY', 'KGM', 'MTR', 'H87'),
	price: decimalText(999_999, 4),
});

const COUNTRIES = ['DE', 'FR', 'AT', 'NL', 'IT', 'ES', 'US', 'JP', 'CH', 'SE', 'GB'];
const EXEMPTION_CODES: Record<VatCategory, string | undefined> = { S: undefined, Z: undefined, E: 'VATEX-EU-132', AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O' };

const draft = fc.record({
	number: text(20),
	currency: fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'SEK', 'JPY'),
	vat: vatArbitrary,
	reasonAs: fc.constantFrom('text', 'code', 'both'),
	lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 50 }),
	sellerName: text(30),
	buyerName: text(30),
	street: text(25),
	city: text(15),
	buyerCountry: fc.constantFrom(...COUNTRIES),
	note: fc.option(text(60), { nil: undefined }),
	dueBy: fc.constantFrom('date', 'terms', 'both'),
	paymentMeansCode: fc.constantFrom('58', '30'),
	orderReference: fc.option(text(10), { nil: undefined }),
	paidShare: fc.constantFrom('unpaid', 'part', 'paid'),
	part: fc.integer({ min: 1, max: 99 }),
	taxNumberOnly: fc.boolean(),
});

/** A complete invoice for the format: every term the format needs is there. */
export function invoiceArbitrary(format: EInvoiceFormat): fc.Arbitrary<EInvoiceInput> {
	return draft.map((d) => {
		const category = d.vat.category;
		const lines: EInvoiceLine[] = d.lines.map((line, index) => ({ ...line, id: String(index + 1) }));
		const sellerHasVatId = !d.taxNumberOnly || category === 'K' || category === 'G';
		const input: EInvoiceInput = {
			format,
			number: d.number,
			issueDate: '2026-11-29',
			dueDate: d.dueBy === 'terms' ? undefined : '2026-12-29',
			deliveryDate: category === 'K' ? '2026-11-20' : undefined,
			currency: d.currency,
			buyerReference: format === 'peppol-ubl' && d.orderReference ? undefined : '04011000-12345-03',
			orderReference: d.orderReference,
			note: d.note,
			seller: {
				name: d.sellerName,
				address: { street: d.street, city: d.city, postalCode: '10115', country: 'DE' },
				vatId: sellerHasVatId ? 'DE123456789' : undefined,
				taxNumber: sellerHasVatId ? undefined : '201/113/40209',
				legalId: 'HRB 12345 B',
				electronicAddress: { scheme: 'EM', value: 'invoices@seller.example' },
				contact: { name: d.sellerName, phone: '+49 30 1234567', email: 'billing@seller.example' },
				iban: 'DE75512108001245126199',
				bic: 'SOGEDEFFXXX',
				accountName: d.sellerName,
				paymentMeansCode: d.paymentMeansCode,
				paymentTerms: d.dueBy === 'date' ? undefined : 'Zahlbar innerhalb 30 Tagen & ohne Abzug',
			},
			buyer: {
				name: d.buyerName,
				address: { street: d.street, city: d.city, postalCode: '75001', country: d.buyerCountry },
				vatId: 'FR61954506077',
				electronicAddress: { scheme: 'EM', value: 'ap@buyer.example' },
			},
			vat: {
				...d.vat,
				exemptionReason: category === 'S' || category === 'Z' || d.reasonAs === 'code' ? undefined : `Befreit <${category}> & "exempt"`,
				exemptionReasonCode: category === 'S' || category === 'Z' || d.reasonAs === 'text' ? undefined : EXEMPTION_CODES[category],
			},
			lines,
			paid: '0',
		};
		const amounts = computeAmounts(input);
		const paidUnits = d.paidShare === 'unpaid' ? 0n : d.paidShare === 'paid' ? amounts.totalWithTax : (amounts.totalWithTax * BigInt(d.part)) / 100n;
		return { ...input, paid: formatUnits(paidUnits, amounts.decimals) };
	});
}
