import type { INodeProperties } from 'n8n-workflow';

import { dateField } from '../common-fields';
import { SHAPE, STEP } from '../steps';
import type { OperationEntry } from '../types';

/** The parameters of Export E-Invoice and their labels, as its messages name what to fill. */
export const EXPORT_PARAMS = {
	format: 'eInvoiceFormat',
	binary: 'binaryPropertyName',
	buyer: 'eInvoiceBuyer',
	buyerMapping: 'eInvoiceBuyerMapping',
	details: 'eInvoiceDetails',
	options: 'eInvoiceOptions',
} as const;

/** The credential of the company that issues the invoices (credentials/InvoicingSellerApi.credentials.ts). */
export const SELLER_CREDENTIAL_TYPE = 'invoicingSellerApi';

export const BUYER_LABEL = 'Buyer';
export const BUYER_MAPPING_LABEL = 'Buyer Fields';
export const BUYER_AUTO_LABEL = 'Map Automatically';

/** The Buyer options by label: in Map Automatically, each is also the name of the input field it is read from. */
export const BUYER_OPTIONS: ReadonlyArray<{ label: string; key: string }> = [
	{ label: 'Additional Street', key: 'additionalStreet' },
	{ label: 'Buyer Reference (Leitweg-ID)', key: 'buyerReference' },
	{ label: 'City', key: 'city' },
	{ label: 'Country', key: 'country' },
	{ label: 'Electronic Address', key: 'electronicAddress' },
	{ label: 'Electronic Address Scheme', key: 'electronicAddressScheme' },
	{ label: 'Postal Code', key: 'postalCode' },
	{ label: 'Street', key: 'street' },
	{ label: 'VAT ID', key: 'vatId' },
];
export const DETAILS_LABEL = 'E-Invoice Details';

const text = (displayName: string, name: string, description: string, placeholder?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	description,
	...(placeholder ? { placeholder } : {}),
});

/** The VAT categories a 0% invoice may have (UNCL5305); above 0% the category is always S, standard rate. */
export const ZERO_RATE_CATEGORIES = [
	{ name: 'Exempt From VAT (E)', value: 'E' },
	{ name: 'Export Outside the EU (G)', value: 'G' },
	{ name: 'Intra-Community Supply (K)', value: 'K' },
	{ name: 'Not Subject to VAT (O)', value: 'O' },
	{ name: 'Reverse Charge (AE)', value: 'AE' },
	{ name: 'Zero Rated (Z)', value: 'Z' },
];

export const exportEInvoiceFields: INodeProperties[] = [
	{
		displayName: 'Format',
		name: EXPORT_PARAMS.format,
		type: 'options',
		default: 'xrechnung-ubl',
		description: 'The e-invoice syntax and rules the file follows',
		options: [
			{ name: 'EN 16931 CII', value: 'en16931-cii', description: 'The XML of Factur-X / ZUGFeRD profile EN 16931 (no PDF)' },
			{ name: 'EN 16931 UBL', value: 'en16931-ubl' },
			{ name: 'Peppol BIS Billing 3.0 UBL', value: 'peppol-ubl' },
			{ name: 'XRechnung 3.0 CII', value: 'xrechnung-cii' },
			{ name: 'XRechnung 3.0 UBL', value: 'xrechnung-ubl', description: 'German public sector (Leitweg-ID as Buyer Reference)' },
		],
	},
	{
		displayName: 'Put Output File in Field',
		name: EXPORT_PARAMS.binary,
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		description: 'The file is named after the invoice number, e.g. INV-1001.xml',
	},
	{
		displayName: BUYER_MAPPING_LABEL,
		name: EXPORT_PARAMS.buyerMapping,
		type: 'options',
		// a fixed choice: it costs no expression evaluation per item, which mapping the fields one by one does
		noDataExpression: true,
		default: 'define',
		description: "Where the buyer's address, VAT ID and references come from",
		options: [
			{
				name: BUYER_AUTO_LABEL,
				value: 'auto',
				description: 'Each Buyer field from the input field of the same name (street, postalCode, city, country, vatId, buyerReference, electronicAddress, ...); one set below takes its place',
			},
			{ name: 'Map Each Field Below', value: 'define', description: 'Only the Buyer fields set below' },
		],
	},
	{
		displayName: BUYER_LABEL,
		name: EXPORT_PARAMS.buyer,
		type: 'collection',
		placeholder: 'Add Buyer Field',
		default: {},
		description: "The client as the e-invoice names it; its name is the invoice's client name",
		options: [
			text('Additional Street', 'additionalStreet', 'Second address line (BT-51)'),
			text('Buyer Reference (Leitweg-ID)', 'buyerReference', 'BT-10: the Leitweg-ID for German public buyers, else any reference the buyer gave; XRechnung requires it'),
			text('City', 'city', 'BT-52'),
			text('Country', 'country', 'ISO 3166-1 alpha-2 code (BT-55)', 'e.g. DE'),
			text('Electronic Address', 'electronicAddress', "Where the buyer receives e-invoices (BT-49); empty: the client's e-mail"),
			{ ...text('Electronic Address Scheme', 'electronicAddressScheme', 'EAS code: EM for an e-mail address, 0204 Leitweg-ID, 0088 GLN, 9930 German VAT ID'), default: 'EM' },
			text('Postal Code', 'postalCode', 'BT-53'),
			text('Street', 'street', 'Street and number (BT-50)'),
			text('VAT ID', 'vatId', "The buyer's VAT identifier, e.g. FR12345678901 (BT-48); needed for reverse charge and intra-community supply"),
		],
	},
	{
		displayName: DETAILS_LABEL,
		name: EXPORT_PARAMS.details,
		type: 'collection',
		placeholder: 'Add Detail',
		default: {},
		options: [
			dateField({ displayName: 'Delivery Date', name: 'deliveryDate', description: 'When the goods or services were delivered (BT-72); empty: the issue date' }),
			text('Exemption Reason', 'exemptionReason', 'Why no VAT is charged, as text (BT-120), e.g. "Reverse charge"; needed for every 0% category but Zero Rated'),
			text('Exemption Reason Code', 'exemptionReasonCode', 'VATEX code (BT-121), e.g. VATEX-EU-AE'),
			text('Order Reference', 'orderReference', "The buyer's purchase order number (BT-13)"),
			{ ...text('Unit Code', 'unitCode', 'UN/ECE Rec. 20 code of every line\'s quantity (BT-130): C62 one, HUR hour, DAY day, KGM kilogram', 'e.g. HUR'), default: 'C62' },
			{
				displayName: 'VAT Category (0% Invoices)',
				name: 'vatCategory',
				type: 'options',
				default: 'Z',
				options: ZERO_RATE_CATEGORIES,
				description: 'Why an invoice with tax rate 0 has no VAT (BT-118); an invoice above 0% is standard rated and refuses any of these',
			},
		],
	},
	{
		displayName: 'Options',
		name: EXPORT_PARAMS.options,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check Only',
				name: 'checkOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to output only whether each invoice is ready ("ready", "missing" business terms) instead of the file',
			},
		],
	},
];

export const exportEInvoiceOperation: OperationEntry = {
	value: 'exportEInvoice',
	name: 'Export E-Invoice',
	action: 'Export invoice as e-invoice',
	messageLabel: 'Export E-Invoice',
	description: 'Write the invoice as an EN 16931 e-invoice file (XRechnung, Peppol, Factur-X XML); refused while a required business term is missing',
	method: 'GET',
	path: '/invoice/{id}',
	preSend: STEP.recordId,
	postReceive: SHAPE.eInvoice,
	repeat: 'read',
	form: 'none',
	properties: exportEInvoiceFields,
};
