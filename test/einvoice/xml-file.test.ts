import { prepareBinaryData } from 'n8n-core';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fileSizeText, INLINE_FILE_LIMIT, xmlFile } from '../../nodes/Invoicing/helpers/einvoice/xml-file';

/** A context whose only helper is n8n-core's prepareBinaryData (this process configures no binary data store). */
const context = (calls: string[]): IExecuteSingleFunctions =>
	({
		helpers: {
			prepareBinaryData: async (content: Buffer, fileName: string, mimeType: string) => {
				calls.push(fileName);
				return await prepareBinaryData(content, 'execution-1', 'workflow-1', fileName, mimeType);
			},
		},
	}) as unknown as IExecuteSingleFunctions;

const xmlOfSize = (bytes: number) => `<a>${'x'.repeat(bytes - 7)}</a>`;

describe('the e-invoice as the item binary file', () => {
	test.each([0, 1, 999, 1000, 1005, 6123, 99_999, 123_456, INLINE_FILE_LIMIT])('a file of %i bytes: what n8n gives in its in-memory mode, key for key, without the store', async (bytes) => {
		const xml = bytes < 7 ? 'x'.repeat(bytes) : xmlOfSize(bytes);
		const calls: string[] = [];
		const file = await xmlFile(context(calls), xml, 'INV-1001.xml');
		const n8n = await prepareBinaryData(Buffer.from(xml, 'utf8'), 'execution-1', 'workflow-1', 'INV-1001.xml', 'application/xml');
		expect(JSON.stringify(file)).toBe(JSON.stringify(n8n));
		expect(Object.keys(file)).toEqual(Object.keys(n8n));
		expect(calls).toEqual([]);
	});

	test('a file above the limit goes through n8n\'s own store (prepareBinaryData)', async () => {
		const calls: string[] = [];
		const file = await xmlFile(context(calls), xmlOfSize(INLINE_FILE_LIMIT + 1), 'INV-1002.xml');
		expect(calls).toEqual(['INV-1002.xml']);
		expect(file).toMatchObject({ fileName: 'INV-1002.xml', mimeType: 'application/xml', bytes: INLINE_FILE_LIMIT + 1 });
	});

	test('non-ASCII text: its UTF-8 bytes', async () => {
		const file = await xmlFile(context([]), '<a>Müller & Söhne</a>', 'a.xml');
		expect(Buffer.from(file.data, 'base64').toString('utf8')).toBe('<a>Müller & Söhne</a>');
		expect(file.bytes).toBe(Buffer.byteLength('<a>Müller & Söhne</a>'));
	});

	test('sizes as n8n writes them', async () => {
		expect([0, 1, 999, 1000, 1005, 1234, 99_999, 999_999, 1_000_000].map(fileSizeText)).toEqual(['0 B', '1 B', '999 B', '1 kB', '1 kB', '1.23 kB', '100 kB', '1000 kB', '1 MB']);
		for (let bytes = 0; bytes <= INLINE_FILE_LIMIT; bytes += bytes < 2000 ? 1 : 997) {
			const n8n = await prepareBinaryData(Buffer.alloc(bytes), 'execution-1', 'workflow-1', 'a.xml', 'application/xml');
			expect(fileSizeText(bytes)).toBe(n8n.fileSize);
		}
	});
});
