import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { ANY } from './message-templates';

/**
 * What the README and docs/ quote of the node, found by how they are marked (docs/development.md, "Quoted
 * messages and menu paths"):
 * - a message is a code span that opens like one: an operation and its resource (`Create Client ...`,
 *   `List Invoices ...`), `Item 3 (index 2)`, `Line item 2`, a field label in double quotes followed by a word
 *   (`"Name" is required ...`), `... ` (the rest of a message), or the first three words of a text the code
 *   holds; `...` in it stands for text left out;
 * - a menu path is bold or italic text with ` > ` between its steps (*Request Options > Timeout*).
 */
export interface Quote {
	file: string;
	line: number;
	text: string;
}

export interface DocQuotes {
	messages: Quote[];
	menuPaths: Quote[];
	/** Code spans that read like a message but do not open like one: mark them or reword. */
	unmarkedMessages: Quote[];
	/** Plain text with ` > ` between capitalised words: write menu paths in bold or italics. */
	unmarkedMenuPaths: Quote[];
}

const MESSAGE_WORDS = /\bfailed(?: \(HTTP|:)|\bmust be\b|\bis required\b|\bis empty\b|\(item \d|\(index \d/;
const MENU_PATH = /\b[A-Z][\w()]*(?: [A-Za-z()]+)* > [A-Z]/;

/** Text with fenced code blocks blanked (line numbers kept). */
function withoutFences(markdown: string): string {
	return markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, (block) => block.replace(/[^\n]/g, ' '));
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

export function extractQuotes(file: string, markdown: string, opensLikeMessage: (text: string) => boolean): DocQuotes {
	const text = withoutFences(markdown);
	const found: DocQuotes = { messages: [], menuPaths: [], unmarkedMessages: [], unmarkedMenuPaths: [] };
	for (const match of text.matchAll(/`([^`]+)`/g)) {
		const quote = { file, line: lineAt(text, match.index), text: oneLine(match[1]) };
		if (opensLikeMessage(quote.text)) found.messages.push(quote);
		else if (MESSAGE_WORDS.test(quote.text)) found.unmarkedMessages.push(quote);
	}
	const prose = text.replace(/`[^`]+`/g, (span) => span.replace(/[^\n]/g, ' '));
	for (const match of prose.matchAll(/(\*\*?)([^*]+?)\1/g)) {
		const inner = oneLine(match[2]);
		if (inner.includes(' > ')) found.menuPaths.push({ file, line: lineAt(prose, match.index), text: inner });
	}
	const plain = prose.replace(/(\*\*?)([^*]+?)\1/g, (span) => span.replace(/[^\n]/g, ' '));
	for (const match of plain.matchAll(new RegExp(MENU_PATH.source, 'g'))) {
		found.unmarkedMenuPaths.push({ file, line: lineAt(plain, match.index), text: oneLine(plain.slice(match.index, match.index + 60)) });
	}
	return found;
}

/** A quote as a pattern for `canMatch`: `...` (or `…`) is text left out. */
export const quotePattern = (text: string) => text.replace(/\.\.\.|…/g, ANY);

/**
 * Whether a code span opens like a message of the node: `operations` are the opening words the code gives
 * operations (`Create Client`, `Get Many Invoices`, `List Invoices`), `openings` the first three words of the
 * code's texts that start with words.
 */
export function messageOpener(operations: string[], openings: Set<string>): (text: string) => boolean {
	const operation = new RegExp(`^(?:${operations.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
	return (text) =>
		/^\.\.\.[ :]|^Item \d|^Line item \d|^"[A-Z][^"]*" [a-z]/.test(text) ||
		operation.test(text) ||
		openings.has(text.split(' ').slice(0, 3).join(' '));
}

/** The first three words of each template that opens with three literal words. */
export function templateOpenings(templates: string[]): Set<string> {
	const openings = new Set<string>();
	for (const template of templates) {
		const words = template.split(ANY)[0].split(' ');
		if (words.length > 3 && /^[A-Z]/.test(words[0])) openings.add(words.slice(0, 3).join(' '));
	}
	return openings;
}

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

function children(entry: Entry): Entry[] {
	if ('options' in entry && Array.isArray(entry.options)) return entry.options as Entry[];
	if ('values' in entry && Array.isArray(entry.values)) return entry.values as Entry[];
	return [];
}

const label = (entry: Entry) => ('displayName' in entry && entry.displayName ? entry.displayName : entry.name);

/** Whether `A > B > C` leads through the parameters as the editor shows them: a parameter, then its options. */
export function isParameterPath(path: string, properties: INodeProperties[]): boolean {
	const steps = path.split(' > ');
	let level: Entry[] = properties;
	for (const step of steps) {
		const next = level.filter((entry) => label(entry) === step);
		if (next.length === 0) return false;
		level = next.flatMap(children);
	}
	return true;
}
