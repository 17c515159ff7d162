import { compactDate, type PreparedInvoice } from './prepared';
import type { EInvoiceParty, PostalAddress } from './types';
import { always, group, leaf, present, XML_DECLARATION } from './xml';

const NAMESPACES = {
	'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
	'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
	'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
	'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

const date = (name: string, value: string | undefined): string =>
	present(value) ? group(name, [leaf('udt:DateTimeString', compactDate(value), { format: '102' })]) : '';

function address(postal: PostalAddress): string {
	return group('ram:PostalTradeAddress', [
		leaf('ram:PostcodeCode', postal.postalCode),
		leaf('ram:LineOne', postal.street),
		leaf('ram:LineTwo', postal.additionalStreet),
		leaf('ram:CityName', postal.city),
		leaf('ram:CountryID', postal.country?.trim().toUpperCase()),
		leaf('ram:CountrySubDivisionName', postal.subdivision),
	]);
}

function tradeParty(name: string, invoice: PreparedInvoice, who: EInvoiceParty, isSeller: boolean): string {
	const endpoint = who.electronicAddress;
	const contact = who.contact;
	return group(name, [
		leaf('ram:Name', who.name),
		group('ram:SpecifiedLegalOrganization', [leaf('ram:ID', who.legalId)]),
		group('ram:DefinedTradeContact', [
			leaf('ram:PersonName', contact?.name),
			group('ram:TelephoneUniversalCommunication', [leaf('ram:CompleteNumber', contact?.phone)]),
			group('ram:EmailURIUniversalCommunication', [leaf('ram:URIID', contact?.email)]),
		]),
		address(who.address),
		endpoint ? group('ram:URIUniversalCommunication', [leaf('ram:URIID', endpoint.value, { schemeID: endpoint.scheme })]) : '',
		invoice.writesVatIds ? group('ram:SpecifiedTaxRegistration', [leaf('ram:ID', who.vatId, { schemeID: 'VA' })]) : '',
		isSeller ? group('ram:SpecifiedTaxRegistration', [leaf('ram:ID', who.taxNumber, { schemeID: 'FC' })]) : '',
	]);
}

function lineItems(invoice: PreparedInvoice): string[] {
	const { input, amounts, money } = invoice;
	return input.lines.map((line, index) =>
		group('ram:IncludedSupplyChainTradeLineItem', [
			group('ram:AssociatedDocumentLineDocument', [leaf('ram:LineID', line.id)]),
			group('ram:SpecifiedTradeProduct', [leaf('ram:Name', line.description)]),
			group('ram:SpecifiedLineTradeAgreement', [group('ram:NetPriceProductTradePrice', [leaf('ram:ChargeAmount', invoice.number(line.price))])]),
			group('ram:SpecifiedLineTradeDelivery', [leaf('ram:BilledQuantity', invoice.number(line.quantity), { unitCode: line.unitCode || 'C62' })]),
			group('ram:SpecifiedLineTradeSettlement', [
				group('ram:ApplicableTradeTax', [leaf('ram:TypeCode', 'VAT'), leaf('ram:CategoryCode', input.vat.category), leaf('ram:RateApplicablePercent', invoice.lineRate)]),
				group('ram:SpecifiedTradeSettlementLineMonetarySummation', [leaf('ram:LineTotalAmount', money(amounts.lineNets[index]))]),
			]),
		]),
	);
}

function agreement(invoice: PreparedInvoice): string {
	const { input } = invoice;
	return always('ram:ApplicableHeaderTradeAgreement', [
		leaf('ram:BuyerReference', input.buyerReference),
		tradeParty('ram:SellerTradeParty', invoice, input.seller, true),
		tradeParty('ram:BuyerTradeParty', invoice, input.buyer, false),
		group('ram:BuyerOrderReferencedDocument', [leaf('ram:IssuerAssignedID', input.orderReference)]),
	]);
}

function delivery(invoice: PreparedInvoice): string {
	const { input } = invoice;
	// an intra-community supply names the country delivered to (BR-IC-12): the buyer's address
	const deliveredTo = input.vat.category === 'K' ? group('ram:ShipToTradeParty', [address(input.buyer.address)]) : '';
	return always('ram:ApplicableHeaderTradeDelivery', [
		deliveredTo,
		group('ram:ActualDeliverySupplyChainEvent', [date('ram:OccurrenceDateTime', input.deliveryDate)]),
	]);
}

function settlement(invoice: PreparedInvoice): string {
	const { input, amounts, money } = invoice;
	const { seller } = input;
	return always('ram:ApplicableHeaderTradeSettlement', [
		leaf('ram:PaymentReference', input.number),
		leaf('ram:InvoiceCurrencyCode', input.currency),
		group('ram:SpecifiedTradeSettlementPaymentMeans', [
			leaf('ram:TypeCode', seller.paymentMeansCode),
			group('ram:PayeePartyCreditorFinancialAccount', [leaf('ram:IBANID', seller.iban?.replace(/\s+/g, '')), leaf('ram:AccountName', seller.accountName)]),
			present(seller.iban) ? group('ram:PayeeSpecifiedCreditorFinancialInstitution', [leaf('ram:BICID', seller.bic)]) : '',
		]),
		group('ram:ApplicableTradeTax', [
			leaf('ram:CalculatedAmount', money(amounts.taxAmount)),
			leaf('ram:TypeCode', 'VAT'),
			leaf('ram:ExemptionReason', invoice.exemption?.reason),
			leaf('ram:BasisAmount', money(amounts.lineTotal)),
			leaf('ram:CategoryCode', input.vat.category),
			leaf('ram:ExemptionReasonCode', invoice.exemption?.code),
			leaf('ram:RateApplicablePercent', invoice.number(input.vat.rate)),
		]),
		group('ram:SpecifiedTradePaymentTerms', [leaf('ram:Description', seller.paymentTerms), date('ram:DueDateDateTime', input.dueDate)]),
		group('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
			leaf('ram:LineTotalAmount', money(amounts.lineTotal)),
			leaf('ram:TaxBasisTotalAmount', money(amounts.lineTotal)),
			leaf('ram:TaxTotalAmount', money(amounts.taxAmount), { currencyID: input.currency }),
			leaf('ram:GrandTotalAmount', money(amounts.totalWithTax)),
			leaf('ram:TotalPrepaidAmount', money(amounts.paid)),
			leaf('ram:DuePayableAmount', money(amounts.due)),
		]),
	]);
}

/** A UN/CEFACT Cross Industry Invoice D16B in the element order its schema prescribes. */
export function writeCii(invoice: PreparedInvoice): string {
	const { input, info } = invoice;
	return (
		XML_DECLARATION +
		group('rsm:CrossIndustryInvoice', [
			group('rsm:ExchangedDocumentContext', [
				group('ram:BusinessProcessSpecifiedDocumentContextParameter', [leaf('ram:ID', info.profileId)]),
				group('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', info.customizationId)]),
			]),
			group('rsm:ExchangedDocument', [
				leaf('ram:ID', input.number),
				leaf('ram:TypeCode', '380'),
				date('ram:IssueDateTime', input.issueDate),
				group('ram:IncludedNote', [leaf('ram:Content', input.note)]),
			]),
			group('rsm:SupplyChainTradeTransaction', [...lineItems(invoice), agreement(invoice), delivery(invoice), settlement(invoice)]),
		], NAMESPACES)
	);
}
