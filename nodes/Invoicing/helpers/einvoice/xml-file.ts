import { BINARY_ENCODING, fileTypeFromMimeType, type IBinaryData, type IExecuteSingleFunctions } from 'n8n-workflow';

const MIME_TYPE = 'application/xml';

/**
 * Files up to this size travel with the item, as n8n's in-memory binary mode keeps every file; a larger one goes to
 * n8n's binary data store (filesystem, database, S3), so an item never carries more than this.
 */
export const INLINE_FILE_LIMIT = 256 * 1024;

const UNITS = ['B', 'kB', 'MB'];

/** The size as n8n shows it (`fileSize`): three significant digits, decimal units ("6.12 kB", "999 B"). */
export function fileSizeText(bytes: number): string {
	if (bytes < 1) return `${bytes} ${UNITS[0]}`;
	const exponent = Math.min(Math.floor(Math.log10(bytes) / 3), UNITS.length - 1);
	return `${Number((bytes / 1000 ** exponent).toPrecision(3))} ${UNITS[exponent]}`;
}

/**
 * The e-invoice as the item's binary file: named, application/xml. A file of at most INLINE_FILE_LIMIT bytes is
 * given as n8n gives one in its in-memory mode (base64 `data`, no id; every binary helper, Read/Write Files and the
 * editor read it so, and n8n's combined binary mode stores it after the node): two writes to disk per file in
 * filesystem mode cost more than writing the file. A larger file goes through n8n's own store.
 */
export async function xmlFile(ctx: IExecuteSingleFunctions, xml: string, fileName: string): Promise<IBinaryData> {
	const content = Buffer.from(xml, 'utf8');
	if (content.length > INLINE_FILE_LIMIT) return await ctx.helpers.prepareBinaryData(content, fileName, MIME_TYPE);
	// the keys in the order n8n's prepareBinaryData gives them
	return {
		mimeType: MIME_TYPE,
		fileType: fileTypeFromMimeType(MIME_TYPE),
		fileExtension: 'xml',
		data: content.toString(BINARY_ENCODING),
		fileName,
		fileSize: fileSizeText(content.length),
		bytes: content.length,
	};
}
