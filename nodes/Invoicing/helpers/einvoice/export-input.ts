import type { IDataObject } from 'n8n-workflow';

import { trimmed } from '../../../shared/text';
import type { EInvoiceFormat, EInvoiceInput, EInvoiceLine, EInvoiceSeller, ElectronicAddress, MissingTerm, VatCategory } from '../../einvoice/types';
import { ZERO_RATE_CATEGORIES } from '../../resources/invoice/exportEInvoice.operation';
import { FILL_OF, SELLER_CREDENTIAL } from './fill-names';

export interface BuyerParameters {
	street?: string;
	additionalStreet?: string;
	city?: string;
	postalCode?: string;
	country?: string;
	vatId?: string;
	electronicAddress?: string;
	electronicAddressScheme?: string;
	buyerReference?: string;
}

export interface DetailParameters {
	orderReference?: string;
	/** YYYY-MM-DD, read as every date parameter of the node is. */
	deliveryDate?: string;
	unitCode?: string;
	vatCategory?: string;
	exemptionReason?: string;
	exemptionReasonCode?: string;
}

export interface ExportSources {
	format: EInvoiceFormat;
	/** GET /invoice/{id}: the record, its line items. */
	record: IDataObject;
	items: IDataObject[];
	buyer: BuyerParameters;
	details: DetailParameters;
	/** The seller credential's entries as n8n gives them. */
	seller: IDataObject;
	/** The client's e-mail, read when Buyer > Electronic Address is empty. */
	clientEmail?: string;
}

/** A value the node refuses to write: which field, what is wrong, what to do. */
export class ExportRefusal extends Error {
	constructor(
		readonly field: string,
		readonly problem: string,
		readonly hint: string,
	) {
		super(`"${field}" ${problem}`);
	}
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const COUNTRY = /^[A-Z]{2}$/;
const CATEGORIES = new Set(ZERO_RATE_CATEGORIES.map((option) => option.value));

const optional = (value: unknown): string | undefined => (trimmed(value) === '' ? undefined : trimmed(value));

/** A number as the service sent it (number or text), as decimal text; undefined when it is none. */
export function decimalText(value: unknown): string | undefined {
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return undefined;
		const plain = String(value);
		return DECIMAL.test(plain) ? plain : value.toFixed(10).replace(/\.?0+$/, '');
	}
	const text = trimmed(value);
	return DECIMAL.test(text) ? text : undefined;
}

function country(value: string | undefined, field: string): string | undefined {
	if (value !== undefined && !COUNTRY.test(value)) {
		throw new ExportRefusal(field, `is "${value}", not an ISO 3166-1 alpha-2 code`, 'Give the two capital letters of the country, e.g. DE, FR, AT.');
	}
	return value;
}

function sellerOf(entries: IDataObject): EInvoiceSeller {
	const get = (name: string) => optional(entries[name]);
	const address = get('electronicAddress');
	const contact = { name: get('contactName'), phone: get('contactPhone'), email: get('contactEmail') };
	return {
		name: get('name') ?? '',
		address: {
			street: get('street'),
			additionalStreet: get('additionalStreet'),
			city: get('city'),
			postalCode: get('postalCode'),
			country: country(get('country'), `Country in ${SELLER_CREDENTIAL}`),
		},
		vatId: get('vatId'),
		taxNumber: get('taxNumber'),
		legalId: get('legalId'),
		electronicAddress: address ? { scheme: get('electronicAddressScheme') ?? 'EM', value: address } : undefined,
		contact: Object.values(contact).some((value) => value !== undefined) ? contact : undefined,
		iban: get('iban'),
		bic: get('bic'),
		accountName: get('accountName'),
		paymentMeansCode: get('paymentMeansCode') ?? '58',
		paymentTerms: get('paymentTerms'),
	};
}

/** Buyer > Electronic Address, else the client's e-mail under scheme EM; a scheme without an address is refused. */
function buyerAddress(buyer: BuyerParameters, clientEmail: string | undefined): ElectronicAddress | undefined {
	const value = optional(buyer.electronicAddress);
	const scheme = optional(buyer.electronicAddressScheme) ?? 'EM';
	if (value) return { scheme, value };
	if (scheme !== 'EM') {
		throw new ExportRefusal(
			'Buyer > Electronic Address Scheme',
			`is ${scheme} but Buyer > Electronic Address is empty`,
			"Give the address of that scheme, or leave the scheme at EM to use the client's e-mail.",
		);
	}
	const email = optional(clientEmail);
	return email ? { scheme: 'EM', value: email } : undefined;
}

/** The invoice's rate and the category: S above 0%, the user's at 0% (missing when not given); a contradiction is refused. */
function vatOf(record: IDataObject, details: DetailParameters): { vat: EInvoiceInput['vat']; missing: MissingTerm[] } {
	const rate = decimalText(record.tax_rate ?? 0);
	if (rate === undefined || Number(rate) < 0) {
		throw new ExportRefusal("the invoice's Tax Rate (%)", `is ${JSON.stringify(record.tax_rate)}, not a rate of 0 or more`, 'Correct the invoice (Invoice > Update).');
	}
	const category = optional(details.vatCategory);
	if (category !== undefined && !CATEGORIES.has(category)) {
		throw new ExportRefusal(FILL_OF['BT-118'], `is "${category}"`, `Give one of ${[...CATEGORIES].join(', ')} (a 0% invoice), or leave it out (above 0%: standard rate, S).`);
	}
	const reasons = { exemptionReason: optional(details.exemptionReason), exemptionReasonCode: optional(details.exemptionReasonCode) };
	if (Number(rate) > 0) {
		if (category !== undefined) {
			throw new ExportRefusal(
				FILL_OF['BT-118'],
				`is ${category} but the invoice's tax rate is ${rate}%`,
				'A category of its own is for invoices with tax rate 0; an invoice with VAT is standard rated (S). Leave the category out for it, or correct the invoice\'s tax rate.',
			);
		}
		return { vat: { rate, category: 'S', ...reasons }, missing: [] };
	}
	if (category === undefined) {
		return { vat: { rate, category: 'Z', ...reasons }, missing: [{ bt: 'BT-118', term: 'VAT category code (the invoice has tax rate 0)', fill: FILL_OF['BT-118'] }] };
	}
	return { vat: { rate, category: category as VatCategory, ...reasons }, missing: [] };
}

function linesOf(items: IDataObject[], unitCode: string): EInvoiceLine[] {
	return items.map((item, index) => {
		const quantity = decimalText(item.quantity);
		const price = decimalText(item.rate);
		if (quantity === undefined || price === undefined) {
			throw new ExportRefusal(
				`line ${index + 1} of the invoice`,
				`has quantity ${JSON.stringify(item.quantity)} and rate ${JSON.stringify(item.rate)}: both must be numbers`,
				'Correct the line items (Invoice > Update).',
			);
		}
		return { id: String(index + 1), description: trimmed(item.description), quantity, unitCode, price };
	});
}

/**
 * The writer's input from the invoice, the client's e-mail, the parameters and the seller credential, each value
 * as given (trimmed, never corrected): what is missing is returned for the writer's check to add to, what
 * contradicts itself is refused (ExportRefusal).
 */
export function exportInput(sources: ExportSources): { input: EInvoiceInput; missing: MissingTerm[] } {
	const { record, buyer, details } = sources;
	const { vat, missing } = vatOf(record, details);
	const issueDate = optional(record.issue_date) ?? '';
	const input: EInvoiceInput = {
		format: sources.format,
		number: trimmed(record.invoice_no),
		issueDate,
		dueDate: optional(record.due_date),
		deliveryDate: optional(details.deliveryDate) ?? optional(issueDate),
		currency: trimmed(record.currency),
		buyerReference: optional(buyer.buyerReference),
		orderReference: optional(details.orderReference),
		note: optional(record.note),
		seller: sellerOf(sources.seller),
		buyer: {
			name: trimmed(record.customer_name),
			address: {
				street: optional(buyer.street),
				additionalStreet: optional(buyer.additionalStreet),
				city: optional(buyer.city),
				postalCode: optional(buyer.postalCode),
				country: country(optional(buyer.country), 'Buyer > Country'),
			},
			vatId: optional(buyer.vatId),
			electronicAddress: buyerAddress(buyer, sources.clientEmail),
		},
		vat,
		lines: linesOf(sources.items, optional(details.unitCode) ?? 'C62'),
		paid: decimalText(record.amount_paid) ?? '0',
		stated: { subTotal: decimalText(record.sub_total), taxAmount: decimalText(record.tax_amount), total: decimalText(record.total) },
	};
	return { input, missing };
}
