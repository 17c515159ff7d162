/**
 * Characters XML 1.0 does not allow (C0 controls but tab, line feed and carriage return; unpaired surrogates;
 * U+FFFE, U+FFFF) and the C1 controls and DEL it discourages. They are removed, not refused: a stray control
 * character pasted into a description must not stop an invoice, and the result's warnings name the field.
 */
function writable(codePoint: number): boolean {
	if (codePoint < 0x20) return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
	if (codePoint >= 0x7f && codePoint <= 0x9f) return false;
	// a code point of a string's iteration is a lone surrogate only when it was not paired
	if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
	return codePoint !== 0xfffe && codePoint !== 0xffff;
}

const PRINTABLE_ASCII = /^[\x20-\x7e\t\n\r]*$/;

export function hasUnwritable(text: string): boolean {
	if (PRINTABLE_ASCII.test(text)) return false;
	for (const character of text) if (!writable(character.codePointAt(0) ?? 0)) return true;
	return false;
}

export function removeUnwritable(text: string): string {
	if (!hasUnwritable(text)) return text;
	let kept = '';
	for (const character of text) if (writable(character.codePointAt(0) ?? 0)) kept += character;
	return kept;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#xD;' };

const ESCAPED = /[&<>"'\r]/;

/** Text safe as element content and as a double-quoted attribute value. */
export function escapeXml(text: string): string {
	const kept = removeUnwritable(text);
	return ESCAPED.test(kept) ? kept.replace(/[&<>"'\r]/g, (character) => ENTITIES[character]) : kept;
}
