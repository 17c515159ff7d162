import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { writeEInvoiceUnchecked } from '../../nodes/Invoicing/einvoice/write';
import { sampleInvoice } from './sample-invoice';
import { ensureValidators, RULES, runRules, schemaErrors } from './validator';

const work = mkdtempSync(join(tmpdir(), 'invoicing-einvoice-wired-'));
const dirs = { ubl: join(work, 'ubl'), cii: join(work, 'cii') };
const found: Record<string, Map<string, string[]>> = {};
let schemaRefused: string[] = [];

const withoutBuyerReference = (format: 'xrechnung-ubl' | 'xrechnung-cii') => writeEInvoiceUnchecked({ ...sampleInvoice(format), buyerReference: undefined }).xml;
const withoutBuyerCountry = (format: 'en16931-ubl' | 'en16931-cii') => {
	const input = sampleInvoice(format);
	return writeEInvoiceUnchecked({ ...input, buyer: { ...input.buyer, address: { ...input.buyer.address, country: undefined } } }).xml;
};

beforeAll(async () => {
	ensureValidators();
	Object.values(dirs).forEach((dir) => mkdirSync(dir));
	const files: Record<string, string> = {
		'ubl/valid.xml': writeEInvoiceUnchecked(sampleInvoice('xrechnung-ubl')).xml,
		'ubl/no-buyer-reference.xml': withoutBuyerReference('xrechnung-ubl'),
		'ubl/no-buyer-country.xml': withoutBuyerCountry('en16931-ubl'),
		// the first line's net 127.33 (1.3333 × 95.50) written as 127.34: BT-106 no longer sums the lines
		'ubl/wrong-line-amount.xml': writeEInvoiceUnchecked(sampleInvoice('en16931-ubl')).xml.replace('<cbc:LineExtensionAmount currencyID="EUR">127.33<', '<cbc:LineExtensionAmount currencyID="EUR">127.34<'),
		'cii/valid.xml': writeEInvoiceUnchecked(sampleInvoice('xrechnung-cii')).xml,
		'cii/no-buyer-reference.xml': withoutBuyerReference('xrechnung-cii'),
		'cii/no-buyer-country.xml': withoutBuyerCountry('en16931-cii'),
		'cii/wrong-line-amount.xml': writeEInvoiceUnchecked(sampleInvoice('en16931-cii')).xml.replace('<ram:LineTotalAmount>127.33<', '<ram:LineTotalAmount>127.34<'),
		'cii/misordered.xml': writeEInvoiceUnchecked(sampleInvoice('en16931-cii')).xml.replace(/(<ram:TypeCode>380<\/ram:TypeCode>)(<ram:IssueDateTime>.*?<\/ram:IssueDateTime>)/, '$2$1'),
	};
	for (const [path, xml] of Object.entries(files)) writeFileSync(join(work, path), xml);
	const [enUbl, xrUbl, enCii, xrCii] = await Promise.all([
		runRules(RULES.enUbl, dirs.ubl, join(work, 'out-en-ubl')),
		runRules(RULES.xrUbl, dirs.ubl, join(work, 'out-xr-ubl')),
		runRules(RULES.enCii, dirs.cii, join(work, 'out-en-cii')),
		runRules(RULES.xrCii, dirs.cii, join(work, 'out-xr-cii')),
	]);
	Object.assign(found, { enUbl, xrUbl, enCii, xrCii });
	schemaRefused = schemaErrors(['valid.xml', 'no-buyer-reference.xml', 'misordered.xml'].map((file) => join(dirs.cii, file))).refused;
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each([
	['UBL', 'enUbl', 'xrUbl', ['BR-CO-10']],
	// the CII rules also add the lines up for the VAT breakdown's taxable amount
	['CII', 'enCii', 'xrCii', ['BR-CO-10', 'BR-S-08']],
] as const)('the official rules fire on broken %s files', (_syntax, en, xr, lineRules) => {
	test('a complete XRechnung invoice fails no rule', () => {
		expect([found[en].get('valid.xml'), found[xr].get('valid.xml')]).toEqual([[], []]);
	});

	test('XRechnung without buyer reference: exactly BR-DE-15', () => {
		expect([found[en].get('no-buyer-reference.xml'), found[xr].get('no-buyer-reference.xml')]).toEqual([[], ['BR-DE-15']]);
	});

	test('no buyer country: exactly BR-11', () => {
		expect(found[en].get('no-buyer-country.xml')).toEqual(['BR-11']);
	});

	test(`a line amount that does not add up to BT-106: exactly ${lineRules.join(', ')}`, () => {
		expect([...(found[en].get('wrong-line-amount.xml') ?? [])].sort()).toEqual([...lineRules].sort());
	});
});

test('the CII D16B schema refuses elements out of order, and only those', () => {
	expect(schemaRefused).toEqual([join(dirs.cii, 'misordered.xml')]);
});
