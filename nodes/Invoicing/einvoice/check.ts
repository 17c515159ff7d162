import { parseDecimal } from './decimal';
import { isPeppol, isXRechnung } from './formats';
import type { EInvoiceInput, MissingTerm, VatCategory } from './types';

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Categories that need an exemption reason (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10) */
const EXEMPT: readonly VatCategory[] = ['E', 'AE', 'K', 'G', 'O'];
/** UNCL4461 credit transfers: the payment account must be given (BR-61) */
const CREDIT_TRANSFER = ['30', '58'];

/** Invoice header and seller terms: EN 16931 core, with the XRechnung additions. */
function headerTerms(input: EInvoiceInput, xrechnung: boolean): MissingTerm[] {
	const missing: MissingTerm[] = [];
	const need = (absent: boolean, bt: string, term: string, fill: string) => absent && missing.push({ bt, term, fill });
	const { seller } = input;
	need(blank(input.number), 'BT-1', 'Invoice number', 'Invoice Number');
	need(!DATE.test(input.issueDate ?? ''), 'BT-2', 'Invoice issue date', 'Issue Date');
	need(!/^[A-Z]{3}$/.test(input.currency ?? ''), 'BT-5', 'Invoice currency code', 'Currency');
	need(blank(seller.name), 'BT-27', 'Seller name', 'Seller Name');
	need(blank(seller.address.country), 'BT-40', 'Seller country code', 'Seller Country');
	need(!blank(input.dueDate) && !DATE.test(input.dueDate ?? ''), 'BT-9', 'Payment due date', 'Due Date');
	need(!blank(input.deliveryDate) && !DATE.test(input.deliveryDate ?? ''), 'BT-72', 'Actual delivery date', 'Delivery Date');
	if (xrechnung) {
		need(blank(seller.address.city), 'BR-DE-3', 'Seller city (BT-37)', 'Seller City');
		need(blank(seller.address.postalCode), 'BR-DE-4', 'Seller post code (BT-38)', 'Seller Postal Code');
		need(blank(seller.contact?.name), 'BR-DE-5', 'Seller contact point (BT-41)', 'Seller Contact Name');
		need(blank(seller.contact?.phone), 'BR-DE-6', 'Seller contact telephone number (BT-42)', 'Seller Contact Phone');
		need(blank(seller.contact?.email), 'BR-DE-7', 'Seller contact email address (BT-43)', 'Seller Contact Email');
	}
	return missing;
}

function sellerTaxTerms(input: EInvoiceInput, xrechnung: boolean): MissingTerm[] {
	const { seller, vat } = input;
	const missing: MissingTerm[] = [];
	const hasVatId = !blank(seller.vatId) && vat.category !== 'O';
	if (vat.category === 'G' || vat.category === 'K') {
		if (!hasVatId) missing.push({ bt: 'BT-31', term: 'Seller VAT identifier', fill: 'Seller VAT ID' });
	} else if (vat.category !== 'O' && !hasVatId && blank(seller.taxNumber)) {
		missing.push({ bt: xrechnung ? 'BR-DE-16' : 'BT-31', term: 'Seller VAT identifier (BT-31) or tax registration identifier (BT-32)', fill: 'Seller VAT ID' });
	}
	if (!hasVatId && blank(seller.legalId) && missing.length === 0) {
		missing.push({ bt: 'BT-30', term: 'Seller legal registration identifier (BR-CO-26: BT-30 or BT-31)', fill: 'Seller Legal Registration ID' });
	}
	return missing;
}

function buyerTerms(input: EInvoiceInput, xrechnung: boolean, peppol: boolean): MissingTerm[] {
	const { buyer, vat } = input;
	const missing: MissingTerm[] = [];
	const need = (absent: boolean, bt: string, term: string, fill: string) => absent && missing.push({ bt, term, fill });
	need(blank(buyer.name), 'BT-44', 'Buyer name', 'Buyer Name');
	need(blank(buyer.address.country), 'BR-11', 'Buyer country code (BT-55)', 'Buyer Country');
	if (xrechnung) {
		need(blank(buyer.address.city), 'BR-DE-8', 'Buyer city (BT-52)', 'Buyer City');
		need(blank(buyer.address.postalCode), 'BR-DE-9', 'Buyer post code (BT-53)', 'Buyer Postal Code');
		need(blank(input.buyerReference), 'BR-DE-15', 'Buyer reference (BT-10), e.g. the Leitweg-ID', 'Buyer Reference');
	}
	if (peppol) need(blank(input.buyerReference) && blank(input.orderReference), 'BT-10', 'Buyer reference (BT-10) or purchase order reference (BT-13)', 'Buyer Reference');
	if (xrechnung || peppol) {
		need(blank(input.seller.electronicAddress?.value) || blank(input.seller.electronicAddress?.scheme), 'BT-34', 'Seller electronic address', 'Seller Electronic Address');
		need(blank(buyer.electronicAddress?.value) || blank(buyer.electronicAddress?.scheme), 'BT-49', 'Buyer electronic address', 'Buyer Electronic Address');
	}
	need(vat.category === 'AE' && blank(buyer.vatId) && blank(buyer.legalId), 'BT-48', 'Buyer VAT identifier (reverse charge, BR-AE-02)', 'Buyer VAT ID');
	need(vat.category === 'K' && blank(buyer.vatId), 'BT-48', 'Buyer VAT identifier (intra-community supply, BR-IC-02)', 'Buyer VAT ID');
	need(vat.category === 'K' && blank(input.deliveryDate), 'BT-72', 'Actual delivery date (intra-community supply, BR-IC-11)', 'Delivery Date');
	return missing;
}

function vatTerms(input: EInvoiceInput): MissingTerm[] {
	const { vat } = input;
	const rate = parseDecimal(vat.rate ?? '');
	if (!rate || rate.units < 0n) return [{ bt: 'BT-119', term: 'VAT category rate', fill: 'Tax Rate' }];
	const missing: MissingTerm[] = [];
	if (vat.category === 'S' && rate.units === 0n) missing.push({ bt: 'BR-S-05', term: 'VAT rate above zero for standard rated VAT (category S)', fill: 'VAT Category' });
	if (vat.category !== 'S' && rate.units !== 0n) missing.push({ bt: `BR-${vat.category === 'K' ? 'IC' : vat.category}-05`, term: `VAT rate 0 for VAT category ${vat.category}`, fill: 'VAT Category' });
	if (EXEMPT.includes(vat.category) && blank(vat.exemptionReason) && blank(vat.exemptionReasonCode)) {
		missing.push({ bt: 'BT-120', term: `VAT exemption reason text (BT-120) or code (BT-121) for VAT category ${vat.category}`, fill: 'VAT Exemption Reason' });
	}
	return missing;
}

function paymentTerms(input: EInvoiceInput, xrechnung: boolean, due: bigint | undefined): MissingTerm[] {
	const { seller } = input;
	const missing: MissingTerm[] = [];
	if (blank(seller.paymentMeansCode)) missing.push({ bt: xrechnung ? 'BR-DE-1' : 'BT-81', term: 'Payment means type code', fill: 'Payment Means' });
	else if (CREDIT_TRANSFER.includes(seller.paymentMeansCode.trim()) && blank(seller.iban)) {
		missing.push({ bt: 'BT-84', term: 'Payment account identifier (IBAN)', fill: 'IBAN' });
	}
	if (due !== undefined && due > 0n && blank(input.dueDate) && blank(seller.paymentTerms)) {
		missing.push({ bt: 'BT-9', term: 'Payment due date (BT-9) or payment terms (BT-20), as an amount is due (BR-CO-25)', fill: 'Due Date' });
	}
	if (parseDecimal(input.paid ?? '') === undefined) missing.push({ bt: 'BT-113', term: 'Paid amount', fill: 'Amount Paid' });
	return missing;
}

function lineTerms(input: EInvoiceInput): MissingTerm[] {
	if (input.lines.length === 0) return [{ bt: 'BG-25', term: 'Invoice line (at least one)', fill: 'Line Items' }];
	const missing: MissingTerm[] = [];
	input.lines.forEach((line, index) => {
		const at = `line ${index + 1}`;
		const need = (absent: boolean, bt: string, term: string, fill: string) => absent && missing.push({ bt, term: `${term} (${at})`, fill });
		need(blank(line.id), 'BT-126', 'Invoice line identifier', 'Line Items');
		need(blank(line.description), 'BT-153', 'Item name', 'Line Item Description');
		need(parseDecimal(line.quantity ?? '') === undefined, 'BT-129', 'Invoiced quantity', 'Line Item Quantity');
		need(blank(line.unitCode), 'BT-130', 'Invoiced quantity unit of measure code', 'Line Item Unit');
		const price = parseDecimal(line.price ?? '');
		need(price === undefined || price.units < 0n, 'BT-146', 'Item net price, zero or more (BR-27)', 'Line Item Price');
	});
	return missing;
}

/** Every business term the format needs that the input lacks or contradicts; `due` lets BR-CO-25 be judged. */
export function missingTerms(input: EInvoiceInput, due?: bigint): MissingTerm[] {
	const xrechnung = isXRechnung(input.format);
	const peppol = isPeppol(input.format);
	return [
		...headerTerms(input, xrechnung),
		...sellerTaxTerms(input, xrechnung),
		...buyerTerms(input, xrechnung, peppol),
		...vatTerms(input),
		...paymentTerms(input, xrechnung, due),
		...lineTerms(input),
	];
}
