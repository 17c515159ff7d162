import type { EInvoiceFormat } from './types';

export type EInvoiceSyntax = 'ubl' | 'cii';
export type EInvoiceRuleSet = 'EN 16931' | 'XRechnung' | 'Peppol BIS Billing 3.0';

export interface EInvoiceFormatInfo {
	value: EInvoiceFormat;
	name: string;
	syntax: EInvoiceSyntax;
	/** BT-24 specification identifier */
	customizationId: string;
	/** BT-23 business process, when the format asks for one */
	profileId?: string;
	fileSuffix: string;
	mimeType: 'application/xml';
	rules: EInvoiceRuleSet[];
}

const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const PEPPOL_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const EN16931_ID = 'urn:cen.eu:en16931:2017';
const PEPPOL_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export const EINVOICE_FORMATS: readonly EInvoiceFormatInfo[] = [
	{ value: 'xrechnung-ubl', name: 'XRechnung 3.0 (UBL)', syntax: 'ubl', customizationId: XRECHNUNG_ID, profileId: PEPPOL_PROCESS, fileSuffix: '.xml', mimeType: 'application/xml', rules: ['EN 16931', 'XRechnung'] },
	{ value: 'xrechnung-cii', name: 'XRechnung 3.0 (CII)', syntax: 'cii', customizationId: XRECHNUNG_ID, profileId: PEPPOL_PROCESS, fileSuffix: '.xml', mimeType: 'application/xml', rules: ['EN 16931', 'XRechnung'] },
	{ value: 'en16931-ubl', name: 'EN 16931 (UBL)', syntax: 'ubl', customizationId: EN16931_ID, fileSuffix: '.xml', mimeType: 'application/xml', rules: ['EN 16931'] },
	{ value: 'en16931-cii', name: 'EN 16931 (CII, the XML of Factur-X/ZUGFeRD EN 16931)', syntax: 'cii', customizationId: EN16931_ID, fileSuffix: '.xml', mimeType: 'application/xml', rules: ['EN 16931'] },
	{ value: 'peppol-ubl', name: 'Peppol BIS Billing 3.0 (UBL)', syntax: 'ubl', customizationId: PEPPOL_ID, profileId: PEPPOL_PROCESS, fileSuffix: '.xml', mimeType: 'application/xml', rules: ['EN 16931', 'Peppol BIS Billing 3.0'] },
];

export function formatInfo(format: EInvoiceFormat): EInvoiceFormatInfo {
	const info = EINVOICE_FORMATS.find((candidate) => candidate.value === format);
	if (!info) throw new Error(`Unknown e-invoice format '${String(format)}'`);
	return info;
}

export const isXRechnung = (format: EInvoiceFormat): boolean => formatInfo(format).rules.includes('XRechnung');
export const isPeppol = (format: EInvoiceFormat): boolean => formatInfo(format).rules.includes('Peppol BIS Billing 3.0');
