import { escapeXml } from './escape';

export type Attributes = Record<string, string | undefined>;

function attributeText(attributes: Attributes | undefined): string {
	if (!attributes) return '';
	let text = '';
	for (const name of Object.keys(attributes)) {
		const value = attributes[name];
		if (value !== undefined && value !== '') text += ` ${name}="${escapeXml(value)}"`;
	}
	return text;
}

/** An element holding text; nothing at all when the text is missing or blank (EN 16931 forbids empty elements). */
export function leaf(name: string, value: string | undefined, attributes?: Attributes): string {
	if (value === undefined || value.trim() === '') return '';
	return `<${name}${attributeText(attributes)}>${escapeXml(value)}</${name}>`;
}

/** An element holding other elements; nothing at all when none of them was written. */
export function group(name: string, children: string[], attributes?: Attributes): string {
	const content = children.join('');
	if (content === '') return '';
	return `<${name}${attributeText(attributes)}>${content}</${name}>`;
}

/** An element the syntax requires even when it has nothing to hold. */
export function always(name: string, children: string[]): string {
	return `<${name}>${children.join('')}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
