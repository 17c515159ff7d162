import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildEInvoice } from '../../nodes/Invoicing/einvoice';
import { escapeXml, removeUnwritable } from '../../nodes/Invoicing/einvoice/escape';
import { group, leaf } from '../../nodes/Invoicing/einvoice/xml';
import { sampleInvoice } from './sample-invoice';
import { ensureValidators } from './validator';

describe('escaping', () => {
	test('the five XML specials become entities, in text and attributes alike', () => {
		expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
		expect(leaf('cbc:Name', 'A&B', { schemeID: `"x'<` })).toBe('<cbc:Name schemeID="&quot;x&apos;&lt;">A&amp;B</cbc:Name>');
	});

	test('a carriage return is kept as a reference (a parser would turn a raw one into a line feed)', () => {
		expect(escapeXml('a\r\nb')).toBe('a&#xD;\nb');
	});

	test('control characters XML 1.0 cannot carry are removed; tab, line feed, umlauts, CJK and emoji stay', () => {
		expect(removeUnwritable('a\u0000b\u0007c\u001Fd\u007F\u0085e\tf\ng')).toBe('abcde\tf\ng');
		expect(removeUnwritable('Müller 日本 😀 \uFFFE\uFFFF')).toBe('Müller 日本 😀 ');
		expect(removeUnwritable('x\uD83Dy\uDE00z')).toBe('xyz');
	});

	test('blank values write no element, and a group of nothing is nothing', () => {
		expect([leaf('cbc:Note', undefined), leaf('cbc:Note', '  '), group('cac:Contact', [leaf('cbc:Name', '')])]).toEqual(['', '', '']);
	});
});

describe('text in a written file', () => {
	const tricky = `Müller & Söhne <"GmbH"> 'Ω' 日本語 😀`;
	let dir = '';
	beforeAll(() => {
		ensureValidators();
		dir = mkdtempSync(join(tmpdir(), 'invoicing-einvoice-escape-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	/** What an XML parser reads back from the first element on that path of local names. */
	const readBack = (xml: string, ...path: string[]): string => {
		const file = join(dir, 'invoice.xml');
		writeFileSync(file, xml);
		const xpath = `string((${path.map((name) => `//*[local-name()='${name}']`).join('')})[1])`;
		return spawnSync('xmllint', ['--xpath', xpath, file], { encoding: 'utf8' }).stdout.replace(/\n$/, '');
	};

	test.each(['en16931-ubl', 'en16931-cii'] as const)('%s: a parser reads back exactly the text given, control characters removed and named in a warning', (format) => {
		const input = sampleInvoice(format);
		const result = buildEInvoice({ ...input, seller: { ...input.seller, name: tricky }, lines: [{ ...input.lines[0], description: `Beratung\u0001 & <Co>` }, input.lines[1]] });
		const ubl = format === 'en16931-ubl';
		expect(readBack(result.xml, ...(ubl ? ['AccountingSupplierParty', 'RegistrationName'] : ['SellerTradeParty', 'Name']))).toBe(tricky);
		expect(readBack(result.xml, ...(ubl ? ['Item', 'Name'] : ['SpecifiedTradeProduct', 'Name']))).toBe('Beratung & <Co>');
		expect(result.xml).not.toContain('\u0001');
		expect(result.warnings).toEqual(['Control characters XML cannot carry were removed from: lines[0].description']);
	});
});
