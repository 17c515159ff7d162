/**
 * Characters XML 1.0 does not allow (C0 controls but tab, line feed and carriage return; unpaired surrogates;
 * U+FFFE, U+FFFF) and the C1 controls and DEL it discourages. They are removed, not refused: a stray control
 * character pasted into a description must not stop an invoice, and the result's warnings name the field.
 */
const UNWRITABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function removeUnwritable(text: string): string {
	return text.replace(UNWRITABLE, '');
}

export function hasUnwritable(text: string): boolean {
	UNWRITABLE.lastIndex = 0;
	const found = UNWRITABLE.test(text);
	UNWRITABLE.lastIndex = 0;
	return found;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#xD;' };

/** Text safe as element content and as a double-quoted attribute value. */
export function escapeXml(text: string): string {
	return removeUnwritable(text).replace(/[&<>"'\r]/g, (character) => ENTITIES[character]);
}
