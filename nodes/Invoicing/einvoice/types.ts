export type EInvoiceFormat = 'xrechnung-ubl' | 'xrechnung-cii' | 'en16931-ubl' | 'en16931-cii' | 'peppol-ubl';
/** UNCL5305: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O not subject */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O';
/** scheme per the EAS code list, e.g. 'EM' for e-mail, '0204' Leitweg-ID, '9930' DE VAT */
export interface ElectronicAddress {
	scheme: string;
	value: string;
}
export interface PostalAddress {
	street?: string;
	additionalStreet?: string;
	city?: string;
	postalCode?: string;
	subdivision?: string;
	/** ISO 3166-1 alpha-2 */
	country?: string;
}
export interface EInvoiceParty {
	name: string;
	address: PostalAddress;
	vatId?: string;
	taxNumber?: string;
	legalId?: string;
	electronicAddress?: ElectronicAddress;
	contact?: { name?: string; phone?: string; email?: string };
}
export interface EInvoiceSeller extends EInvoiceParty {
	iban?: string;
	bic?: string;
	accountName?: string;
	/** UNCL4461, '58' SEPA credit transfer default, '30' credit transfer */
	paymentMeansCode: string;
	paymentTerms?: string;
}
export interface EInvoiceLine {
	id: string;
	description: string;
	/** decimal text, up to 4 decimals, as the service gives it */
	quantity: string;
	/** UN/ECE Rec 20, default C62 */
	unitCode: string;
	/** decimal text: the service's rate */
	price: string;
}
export interface EInvoiceInput {
	format: EInvoiceFormat;
	number: string;
	/** YYYY-MM-DD */
	issueDate: string;
	dueDate?: string;
	deliveryDate?: string;
	currency: string;
	buyerReference?: string;
	orderReference?: string;
	note?: string;
	seller: EInvoiceSeller;
	buyer: EInvoiceParty;
	/** rate: percent as decimal text, e.g. '19', '5.5' */
	vat: { rate: string; category: VatCategory; exemptionReason?: string; exemptionReasonCode?: string };
	lines: EInvoiceLine[];
	/** amount already paid, decimal text */
	paid: string;
	/** the service's own figures, for the cross-check */
	stated?: { subTotal?: string; taxAmount?: string; total?: string };
}
export interface MissingTerm {
	/** e.g. 'BT-10' or 'BR-DE-15' */
	bt: string;
	/** the business term's name */
	term: string;
	/** what to fill: a parameter's or credential entry's display name */
	fill: string;
}
/** BT-106 line total, BT-109 tax basis, BT-110 tax, BT-112 total with tax, BT-113 paid, BT-115 due: decimal text with the currency's decimals used in the file */
export interface EInvoiceTotals {
	lineTotal: string;
	taxBasis: string;
	taxAmount: string;
	totalWithTax: string;
	paid: string;
	due: string;
}
export interface EInvoiceResult {
	xml: string;
	totals: EInvoiceTotals;
	warnings: string[];
}
