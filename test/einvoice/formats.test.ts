import { buildEInvoice, EINVOICE_FORMATS } from '../../nodes/Invoicing/einvoice';
import { sampleInvoice } from './sample-invoice';

const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const PEPPOL = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

test('the five formats, their files and the rule sets that apply', () => {
	expect(EINVOICE_FORMATS.map(({ value, syntax, customizationId, profileId, fileSuffix, mimeType, rules }) => [value, syntax, customizationId, profileId, fileSuffix, mimeType, rules])).toEqual([
		['xrechnung-ubl', 'ubl', XRECHNUNG, BILLING, '.xml', 'application/xml', ['EN 16931', 'XRechnung']],
		['xrechnung-cii', 'cii', XRECHNUNG, BILLING, '.xml', 'application/xml', ['EN 16931', 'XRechnung']],
		['en16931-ubl', 'ubl', 'urn:cen.eu:en16931:2017', undefined, '.xml', 'application/xml', ['EN 16931']],
		['en16931-cii', 'cii', 'urn:cen.eu:en16931:2017', undefined, '.xml', 'application/xml', ['EN 16931']],
		['peppol-ubl', 'ubl', PEPPOL, BILLING, '.xml', 'application/xml', ['EN 16931', 'Peppol BIS Billing 3.0']],
	]);
});

test.each([
	['xrechnung-ubl', `<cbc:CustomizationID>${XRECHNUNG}</cbc:CustomizationID><cbc:ProfileID>${BILLING}</cbc:ProfileID>`],
	['peppol-ubl', `<cbc:CustomizationID>${PEPPOL}</cbc:CustomizationID><cbc:ProfileID>${BILLING}</cbc:ProfileID>`],
	['en16931-ubl', '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>'],
	['xrechnung-cii', `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${XRECHNUNG}</ram:ID>`],
	['en16931-cii', '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>'],
] as const)('%s files name their specification', (format, expected) => {
	const { xml } = buildEInvoice(sampleInvoice(format));
	expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
	expect(xml).toContain(expected);
	expect(xml).toContain(format.endsWith('ubl') ? '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>' : '<ram:TypeCode>380</ram:TypeCode>');
});
