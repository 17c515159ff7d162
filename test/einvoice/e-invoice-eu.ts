import { FormatFactoryService, invoiceSchema, type Invoice } from '@e-invoice-eu/core';
import { createRequire } from 'node:module';

import type { EInvoiceInput, EInvoiceParty, EInvoiceTotals } from '../../nodes/Invoicing/einvoice/types';

type Json = Record<string, unknown>;
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const cii = new FormatFactoryService().createFormatService('CII', quiet);

interface SchemaCheck {
	(data: unknown): boolean;
	errors?: unknown[] | null;
}
/** The package's own JSON-schema check, compiled once with the Ajv it ships (InvoiceService compiles it on every call). */
const checkSchema: SchemaCheck = (() => {
	const packageRequire = createRequire(require.resolve('@e-invoice-eu/core'));
	const Ajv2019 = (packageRequire('ajv/dist/2019') as { default: new (options: object) => { compile(schema: object): SchemaCheck } }).default;
	const schema = structuredClone(invoiceSchema);
	cii.patchSchema(schema);
	return new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
})();

const money = (currency: string, name: string, value: string): Json => ({ [name]: value, [`${name}@currencyID`]: currency });
const vatScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

function party(who: EInvoiceParty, writesVatId: boolean, seller: boolean): Json {
	const taxSchemes = [
		...(writesVatId && who.vatId ? [{ 'cbc:CompanyID': who.vatId, ...vatScheme }] : []),
		...(seller && who.taxNumber ? [{ 'cbc:CompanyID': who.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
	];
	return {
		'cac:Party': {
			...(who.electronicAddress ? { 'cbc:EndpointID': who.electronicAddress.value, 'cbc:EndpointID@schemeID': who.electronicAddress.scheme } : {}),
			'cac:PostalAddress': { 'cbc:StreetName': who.address.street, 'cbc:CityName': who.address.city, 'cbc:PostalZone': who.address.postalCode, 'cac:Country': { 'cbc:IdentificationCode': who.address.country } },
			...(taxSchemes.length > 0 ? { 'cac:PartyTaxScheme': seller ? taxSchemes : taxSchemes[0] } : {}),
			'cac:PartyLegalEntity': { 'cbc:RegistrationName': who.name, ...(who.legalId ? { 'cbc:CompanyID': who.legalId } : {}) },
			...(who.contact ? { 'cac:Contact': { 'cbc:Name': who.contact.name, 'cbc:Telephone': who.contact.phone, 'cbc:ElectronicMail': who.contact.email } } : {}),
		},
	};
}

/**
 * The package's schema allows two decimals in a price (EN 16931 sets no limit on BT-146): a finer price is given per
 * a base quantity (BT-149), 0.125 as 12.5 per 100, the same price.
 */
function price(currency: string, text: string): Json {
	const [whole, part = ''] = text.split('.');
	if (part.length <= 2) return money(currency, 'cbc:PriceAmount', text);
	const shift = part.length - 2;
	const digits = `${whole}${part}`.replace(/^0+(?=\d)/, '');
	const amount = `${digits.slice(0, -2) || '0'}.${digits.slice(-2)}`;
	return { ...money(currency, 'cbc:PriceAmount', amount), 'cbc:BaseQuantity': `1${'0'.repeat(shift)}` };
}

/** The invoice in @e-invoice-eu/core's UBL-shaped JSON, carrying the given line nets and totals. */
export function eInvoiceEuJson(input: EInvoiceInput, totals: EInvoiceTotals & { lineNets: string[] }): Json {
	const { currency, vat } = input;
	const exempt = vat.category !== 'S' && vat.category !== 'Z';
	const writesVatId = vat.category !== 'O';
	return {
		'ubl:Invoice': {
			'cbc:ID': input.number,
			'cbc:IssueDate': input.issueDate,
			...(input.dueDate ? { 'cbc:DueDate': input.dueDate } : {}),
			'cbc:InvoiceTypeCode': '380',
			'cbc:DocumentCurrencyCode': currency,
			...(input.buyerReference ? { 'cbc:BuyerReference': input.buyerReference } : {}),
			'cac:AccountingSupplierParty': party(input.seller, writesVatId, true),
			'cac:AccountingCustomerParty': party(input.buyer, writesVatId, false),
			'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': input.seller.paymentMeansCode, 'cac:PayeeFinancialAccount': { 'cbc:ID': input.seller.iban } }],
			...(input.seller.paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': input.seller.paymentTerms } } : {}),
			'cac:TaxTotal': [
				{
					...money(currency, 'cbc:TaxAmount', totals.taxAmount),
					'cac:TaxSubtotal': [
						{
							...money(currency, 'cbc:TaxableAmount', totals.taxBasis),
							...money(currency, 'cbc:TaxAmount', totals.taxAmount),
							'cac:TaxCategory': {
								'cbc:ID': vat.category,
								'cbc:Percent': vat.rate,
								...(exempt && vat.exemptionReasonCode ? { 'cbc:TaxExemptionReasonCode': vat.exemptionReasonCode } : {}),
								...(exempt && vat.exemptionReason ? { 'cbc:TaxExemptionReason': vat.exemptionReason } : {}),
								...vatScheme,
							},
						},
					],
				},
			],
			'cac:LegalMonetaryTotal': {
				...money(currency, 'cbc:LineExtensionAmount', totals.lineTotal),
				...money(currency, 'cbc:TaxExclusiveAmount', totals.taxBasis),
				...money(currency, 'cbc:TaxInclusiveAmount', totals.totalWithTax),
				...money(currency, 'cbc:PrepaidAmount', totals.paid),
				...money(currency, 'cbc:PayableAmount', totals.due),
			},
			'cac:InvoiceLine': input.lines.map((line, index) => ({
				'cbc:ID': line.id,
				'cbc:InvoicedQuantity': line.quantity,
				'cbc:InvoicedQuantity@unitCode': line.unitCode,
				...money(currency, 'cbc:LineExtensionAmount', totals.lineNets[index]),
				'cac:Item': { 'cbc:Name': line.description, 'cac:ClassifiedTaxCategory': { 'cbc:ID': vat.category, ...(writesVatId ? { 'cbc:Percent': vat.rate } : {}), ...vatScheme } },
				'cac:Price': price(currency, line.price),
			})),
		},
	};
}

/** @e-invoice-eu/core's own CII file for that JSON, after its schema and code lists accepted the JSON. */
export async function eInvoiceEuCii(json: Json): Promise<string> {
	if (!checkSchema(json)) throw new Error(`@e-invoice-eu/core refused the invoice: ${JSON.stringify(checkSchema.errors).slice(0, 2000)}`);
	const invoice = json as unknown as Invoice;
	cii.fillInvoiceDefaults(invoice);
	return String(await cii.generate(invoice, { format: 'CII', lang: 'en' }));
}
