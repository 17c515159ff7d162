import type { MissingTerm } from '../../einvoice/types';
import { BUYER_LABEL, BUYER_OPTIONS, DETAILS_LABEL } from '../../resources/invoice/exportEInvoice.operation';

/** The seller credential as messages name it. */
export const SELLER_CREDENTIAL = 'the "Invoicing E-Invoice Seller API" credential';

const seller = (entry: string) => `${entry} in ${SELLER_CREDENTIAL}`;
const buyer = (option: string) => `${BUYER_LABEL} > ${option}`;
const detail = (option: string) => `${DETAILS_LABEL} > ${option}`;
const invoice = (field: string) => `the invoice's ${field} (Invoice > Update)`;

/**
 * Where each business term of EN 16931 comes from in this node, as the user fills it: the invoice, the client,
 * a parameter of Export E-Invoice or the seller credential (docs/einvoice.md has the same table).
 */
export const FILL_OF: Readonly<Record<string, string>> = {
	'BT-1': invoice('Invoice Number'),
	'BT-2': invoice('Issue Date'),
	'BT-5': invoice('Currency'),
	'BT-9': `${invoice('Due Date')}, or Payment Terms in ${SELLER_CREDENTIAL}`,
	'BT-10': buyer('Buyer Reference (Leitweg-ID)'),
	'BT-13': detail('Order Reference'),
	'BT-20': `Payment Terms in ${SELLER_CREDENTIAL}, or ${invoice('Due Date')}`,
	'BT-27': seller('Company Name'),
	'BT-30': seller('Legal Registration ID'),
	'BT-31': seller('VAT ID'),
	'BT-32': seller('Tax Number'),
	'BT-34': seller('Electronic Address'),
	'BT-35': seller('Street'),
	'BT-36': seller('Additional Street'),
	'BT-37': seller('City'),
	'BT-38': seller('Postal Code'),
	'BT-40': seller('Country'),
	'BT-41': seller('Contact Name'),
	'BT-42': seller('Contact Phone'),
	'BT-43': seller('Contact E-mail'),
	'BT-44': "the client's name on the invoice (Client > Update, then Invoice > Update)",
	'BT-48': buyer('VAT ID'),
	'BT-49': `${buyer('Electronic Address')}, or the client's E-mail`,
	'BT-50': buyer('Street'),
	'BT-51': buyer('Additional Street'),
	'BT-52': buyer('City'),
	'BT-53': buyer('Postal Code'),
	'BT-55': buyer('Country'),
	'BT-72': detail('Delivery Date'),
	'BT-81': seller('Payment Means'),
	'BT-84': seller('IBAN'),
	'BT-85': seller('Account Name'),
	'BT-86': seller('BIC'),
	'BT-118': detail('VAT Category (0% Invoices)'),
	'BT-120': detail('Exemption Reason'),
	'BT-121': detail('Exemption Reason Code'),
	'BT-129': "the line's quantity (Invoice > Update)",
	'BT-146': "the line's rate (Invoice > Update)",
	'BT-153': "the line's description (Invoice > Update)",
	'BT-113': invoice('payments'),
	'BT-119': invoice('Tax Rate (%)'),
	'BT-126': invoice('line items'),
	'BT-130': detail('Unit Code'),
	'BG-25': invoice('line items'),
	'BR-11': buyer('Country'),
	'BR-DE-1': seller('Payment Means'),
	'BR-DE-3': seller('City'),
	'BR-DE-4': seller('Postal Code'),
	'BR-DE-5': seller('Contact Name'),
	'BR-DE-6': seller('Contact Phone'),
	'BR-DE-7': seller('Contact E-mail'),
	'BR-DE-8': buyer('City'),
	'BR-DE-9': buyer('Postal Code'),
	'BR-DE-15': buyer('Buyer Reference (Leitweg-ID)'),
	'BR-DE-16': `VAT ID or Tax Number in ${SELLER_CREDENTIAL}`,
	'BR-S-05': `${detail('VAT Category (0% Invoices)')}, or ${invoice('Tax Rate (%)')}`,
};

/** The term with this node's place to fill it, when the node knows one (the writer's own hint otherwise). */
export const withFill = (term: MissingTerm): MissingTerm => ({ ...term, fill: FILL_OF[term.bt] ?? term.fill });

/** Both lists, each business term once: the node's own first, then the writer's in its order. */
export function mergedTerms(own: MissingTerm[], writer: MissingTerm[]): MissingTerm[] {
	const seen = new Set<string>();
	return [...own, ...writer].map(withFill).filter((term) => {
		const key = `${term.bt} ${term.term}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** "BT-10 Buyer reference (fill: Buyer > Buyer Reference (Leitweg-ID))", one per term. */
export const describeTerms = (terms: MissingTerm[]): string => terms.map((term) => `${term.bt} ${term.term} (fill: ${term.fill})`).join('; ');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// "Buyer > Electronic Address" is not the start of "Buyer > Electronic Address Scheme"
const BUYER_NAMES = BUYER_OPTIONS.map(({ label, key }) => ({ pattern: new RegExp(`${escaped(`${BUYER_LABEL} > ${label}`)}(?! Scheme)`, 'g'), key }));

/** With Buyer Fields: Map Automatically, each "Buyer > City" of a text also names the input field it is read from. */
export const withInputFields = (text: string): string => BUYER_NAMES.reduce((out, { pattern, key }) => out.replace(pattern, `$& (or the input field ${key})`), text);
