import type { PreparedInvoice } from './prepared';
import type { EInvoiceParty, PostalAddress } from './types';
import { group, leaf, present, XML_DECLARATION } from './xml';

const NAMESPACES = {
	xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
	'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
	'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const vatScheme = () => group('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]);

function address(postal: PostalAddress, name = 'cac:PostalAddress'): string {
	return group(name, [
		leaf('cbc:StreetName', postal.street),
		leaf('cbc:AdditionalStreetName', postal.additionalStreet),
		leaf('cbc:CityName', postal.city),
		leaf('cbc:PostalZone', postal.postalCode),
		leaf('cbc:CountrySubentity', postal.subdivision),
		group('cac:Country', [leaf('cbc:IdentificationCode', postal.country?.trim().toUpperCase())]),
	]);
}

function party(invoice: PreparedInvoice, who: EInvoiceParty, isSeller: boolean): string {
	const endpoint = who.electronicAddress;
	return group('cac:Party', [
		endpoint ? leaf('cbc:EndpointID', endpoint.value, { schemeID: endpoint.scheme }) : '',
		address(who.address),
		invoice.writesVatIds && present(who.vatId) ? group('cac:PartyTaxScheme', [leaf('cbc:CompanyID', who.vatId), vatScheme()]) : '',
		isSeller && present(who.taxNumber) ? group('cac:PartyTaxScheme', [leaf('cbc:CompanyID', who.taxNumber), group('cac:TaxScheme', [leaf('cbc:ID', 'FC')])]) : '',
		group('cac:PartyLegalEntity', [leaf('cbc:RegistrationName', who.name), leaf('cbc:CompanyID', who.legalId)]),
		group('cac:Contact', [leaf('cbc:Name', who.contact?.name), leaf('cbc:Telephone', who.contact?.phone), leaf('cbc:ElectronicMail', who.contact?.email)]),
	]);
}

function delivery(invoice: PreparedInvoice): string {
	const { input } = invoice;
	// an intra-community supply names the country delivered to (BR-IC-12): the buyer's address
	const deliveredTo = input.vat.category === 'K' ? group('cac:DeliveryLocation', [address(input.buyer.address, 'cac:Address')]) : '';
	return group('cac:Delivery', [leaf('cbc:ActualDeliveryDate', input.deliveryDate), deliveredTo]);
}

function payment(invoice: PreparedInvoice): string {
	const { seller, number } = invoice.input;
	return [
		group('cac:PaymentMeans', [
			leaf('cbc:PaymentMeansCode', seller.paymentMeansCode),
			leaf('cbc:PaymentID', number),
			present(seller.iban)
				? group('cac:PayeeFinancialAccount', [
						leaf('cbc:ID', seller.iban?.replace(/\s+/g, '')),
						leaf('cbc:Name', seller.accountName),
						group('cac:FinancialInstitutionBranch', [leaf('cbc:ID', seller.bic)]),
					])
				: '',
		]),
		group('cac:PaymentTerms', [leaf('cbc:Note', seller.paymentTerms)]),
	].join('');
}

function taxTotal(invoice: PreparedInvoice): string {
	const { input, amounts, money } = invoice;
	const currencyID = input.currency;
	return group('cac:TaxTotal', [
		leaf('cbc:TaxAmount', money(amounts.taxAmount), { currencyID }),
		group('cac:TaxSubtotal', [
			leaf('cbc:TaxableAmount', money(amounts.lineTotal), { currencyID }),
			leaf('cbc:TaxAmount', money(amounts.taxAmount), { currencyID }),
			group('cac:TaxCategory', [
				leaf('cbc:ID', input.vat.category),
				leaf('cbc:Percent', invoice.number(input.vat.rate)),
				leaf('cbc:TaxExemptionReasonCode', invoice.exemption?.code),
				leaf('cbc:TaxExemptionReason', invoice.exemption?.reason),
				vatScheme(),
			]),
		]),
	]);
}

function monetaryTotal(invoice: PreparedInvoice): string {
	const { amounts, money } = invoice;
	const currencyID = invoice.input.currency;
	return group('cac:LegalMonetaryTotal', [
		leaf('cbc:LineExtensionAmount', money(amounts.lineTotal), { currencyID }),
		leaf('cbc:TaxExclusiveAmount', money(amounts.lineTotal), { currencyID }),
		leaf('cbc:TaxInclusiveAmount', money(amounts.totalWithTax), { currencyID }),
		leaf('cbc:PrepaidAmount', money(amounts.paid), { currencyID }),
		leaf('cbc:PayableAmount', money(amounts.due), { currencyID }),
	]);
}

function lines(invoice: PreparedInvoice): string[] {
	const { input, amounts, money } = invoice;
	const currencyID = input.currency;
	return input.lines.map((line, index) =>
		group('cac:InvoiceLine', [
			leaf('cbc:ID', line.id),
			leaf('cbc:InvoicedQuantity', invoice.number(line.quantity), { unitCode: line.unitCode || 'C62' }),
			leaf('cbc:LineExtensionAmount', money(amounts.lineNets[index]), { currencyID }),
			group('cac:Item', [
				leaf('cbc:Name', line.description),
				group('cac:ClassifiedTaxCategory', [leaf('cbc:ID', input.vat.category), leaf('cbc:Percent', invoice.lineRate), vatScheme()]),
			]),
			group('cac:Price', [leaf('cbc:PriceAmount', invoice.number(line.price), { currencyID })]),
		]),
	);
}

/** A UBL 2.1 Invoice in the element order the UBL schema prescribes. */
export function writeUbl(invoice: PreparedInvoice): string {
	const { input, info } = invoice;
	return (
		XML_DECLARATION +
		group('Invoice', [
			leaf('cbc:CustomizationID', info.customizationId),
			leaf('cbc:ProfileID', info.profileId),
			leaf('cbc:ID', input.number),
			leaf('cbc:IssueDate', input.issueDate),
			leaf('cbc:DueDate', input.dueDate),
			leaf('cbc:InvoiceTypeCode', '380'),
			leaf('cbc:Note', input.note),
			leaf('cbc:DocumentCurrencyCode', input.currency),
			leaf('cbc:BuyerReference', input.buyerReference),
			group('cac:OrderReference', [leaf('cbc:ID', input.orderReference)]),
			group('cac:AccountingSupplierParty', [party(invoice, input.seller, true)]),
			group('cac:AccountingCustomerParty', [party(invoice, input.buyer, false)]),
			delivery(invoice),
			payment(invoice),
			taxTotal(invoice),
			monetaryTotal(invoice),
			...lines(invoice),
		], NAMESPACES)
	);
}
