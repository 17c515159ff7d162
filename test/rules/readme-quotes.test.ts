import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { InvoicingApi } from '../../credentials/InvoicingApi.credentials';
import { InvoicingSellerApi } from '../../credentials/InvoicingSellerApi.credentials';
import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';
import { createNodeTypes, INVOICING_TYPE } from '../engine/harness/node-types';
import { ANY, canMatch, MessageTemplates } from './message-templates';
import { extractQuotes, isParameterPath, messageOpener, quotePattern, templateOpenings, type Quote } from './readme-quotes';

const ROOT = join(__dirname, '..', '..');

/** Menus of n8n's editor itself (not parameters of this package) that the README names. */
const N8N_MENUS = [
	'Settings > Community Nodes', // n8n's settings page
	'Settings > Community Nodes > Install',
	'Workflows > Import from File',
	'Settings > On Error', // a node's Settings tab
	'Workflow Settings > Timezone',
	'Tool Description > Set Manually', // what n8n adds to a node used as an AI tool
];

const code = new MessageTemplates([join(ROOT, 'nodes'), join(ROOT, 'credentials')]);
const templates = code.templates();

/** Every parameter a user can meet: the action node as n8n loads it (with Request Options), the trigger, the credential. */
const invoicing = createNodeTypes().getByNameAndVersion(INVOICING_TYPE, 1).description;
const properties: INodeProperties[] = [
	...invoicing.properties,
	...new InvoicingTrigger().description.properties,
	...new InvoicingApi().properties,
	...new InvoicingSellerApi().properties,
];

function optionNames(name: string): string[] {
	return invoicing.properties
		.filter((p) => p.name === name)
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[])
		.map((o) => o.name);
}

/** `Create Client`, `Get Many Invoices`, `List Invoices` (the trigger's list reads): how the code opens a failure. */
const operationOpenings = [...new Set([...optionNames('operation'), 'List'])].flatMap((operation) =>
	optionNames('resource').flatMap((resource) => [`${operation} ${resource}`, `${operation} ${resource}s`]),
);
/** Operations whose messages open with their own label (`Export E-Invoice "INV-2" (item 0): ...`). */
const messageLabels = RESOURCE_SPECS.flatMap((spec) => spec.operations.flatMap((operation) => (operation.messageLabel ? [operation.messageLabel] : [])));
const opensLikeMessage = messageOpener([...operationOpenings, ...messageLabels], templateOpenings(templates));

const isKnownMessage = (text: string) => templates.some((template) => canMatch(quotePattern(text), template));
const isKnownMenuPath = (path: string) => N8N_MENUS.includes(path) || isParameterPath(path, properties);

const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const quotes = docs.map((file) => extractQuotes(file, readFileSync(join(ROOT, file), 'utf8'), opensLikeMessage));
const all = <K extends keyof (typeof quotes)[number]>(key: K): Quote[] => quotes.flatMap((q) => q[key]);
const where = (q: Quote) => `${q.file}:${q.line} ${q.text}`;

describe('what the README and docs/ quote of the node is what the code prints', () => {
	test('the code gives the checker its messages (templates read from nodes/ and credentials/)', () => {
		expect(templates.length).toBeGreaterThan(100);
		// a field's label comes from the field table, through the function that builds its entries
		expect(isKnownMessage('... "Currency" must be an ISO 4217 currency code, got "XYZ"')).toBe(true);
		expect(isKnownMessage('... "Name" is required: enter a value.')).toBe(true);
	});

	test('every quoted message matches a message template of the code', () => {
		const messages = all('messages');
		expect(messages.length).toBeGreaterThanOrEqual(30);
		expect(messages.filter((q) => !isKnownMessage(q.text)).map(where)).toEqual([]);
	});

	test('every menu path is a menu of n8n or leads through parameters the nodes and the credential declare', () => {
		const paths = all('menuPaths');
		expect(paths.length).toBeGreaterThanOrEqual(6);
		expect(paths.filter((q) => !isKnownMenuPath(q.text)).map(where)).toEqual([]);
	});

	test('nothing that reads like a message or a menu path escapes the check (marked as docs/development.md says)', () => {
		expect(all('unmarkedMessages').map(where)).toEqual([]);
		expect(all('unmarkedMenuPaths').map(where)).toEqual([]);
	});

	test('the menu paths in the messages and hints the node prints exist too', () => {
		const inCode = [...new Set(code.texts.flatMap((t) => [...t.matchAll(/\b((?:Request )?Options|Settings|Poll Times|Update Fields|Fields to Clear) > ([A-Z][\w ()]*?)(?=[,.;:]|\s(?:if|to|and|or|for|in|of|the)\b|$)/g)].map((m) => `${m[1]} > ${m[2]}`)))];
		expect(inCode.filter((path) => !isKnownMenuPath(path))).toEqual([]);
	});
});

/** Code shaped like the node's (a failure label built by helpers, a transport cause, a field refusal), for the checker's own tests. */
const SAMPLE_CODE = {
	'labels.ts': [
		"const LABELS: Record<string, string> = { create: 'Create', recordPayment: 'Record Payment' };",
		'export function operationLabel(operation: string, noun: string): string {',
		'	return `${LABELS[operation]} ${noun}`;',
		'}',
		'export function failureLabel(operation: string, noun: string, key: string, index: number): string {',
		'	return `${operationLabel(operation, noun)}${key ? ` "${key}"` : \'\'} (item ${index})`;',
		'}',
	].join('\n'),
	'errors.ts': [
		"import { failureLabel } from './labels';",
		"const MAY_HAVE_APPLIED = ' (the service may have applied it)';",
		'const CAUSES = { ETIMEDOUT: { what: (ms: number) => `no answer within the time-out of ${ms / 1000} s`, fix: \'Raise Request Options > Timeout if the service is slow.\' } };',
		'function transportError(request: { action: string; timeoutMs: number }, code: keyof typeof CAUSES, note: boolean): Error {',
		'	const cause = CAUSES[code];',
		'	return new Error(`${request.action} failed: ${cause.what(request.timeoutMs)}${note ? MAY_HAVE_APPLIED : \'\'}`);',
		'}',
		'export const timedOut = (op: string, noun: string, key: string, i: number) => transportError({ action: failureLabel(op, noun, key, i), timeoutMs: 300000 }, \'ETIMEDOUT\', true);',
		'export function itemLabel(index: number): string {',
		'	return `Item ${index + 1} (index ${index})`;',
		'}',
		'export function tooLong(index: number, label: string, length: number): Error {',
		'	return new Error(`${itemLabel(index)}: "${label}" is too long to send: the request URL would be about ${length} characters, more than the 8000 the node sends`);',
		'}',
	].join('\n'),
};

describe('the checker catches a mis-quote (the ones issue 16 found), against code shaped like the node\'s', () => {
	const sample = new MessageTemplates(SAMPLE_CODE).templates();
	const matchesSample = (text: string) => sample.some((template) => canMatch(quotePattern(text), template));
	const misQuoted = [
		'# Troubleshooting',
		'',
		'| Message | Fix |',
		'|---|---|',
		'| `Record Payment Invoice failed: no answer within the time-out of 300 s (the service may have applied it)` | Raise *Options > Timeout*. |',
		'| `Item 2 (index 1): "Name" is too long to send: the request URL would be 20070 characters, more than the 8000 ...` | See **Options > Batching**. |',
	].join('\n');
	const found = extractQuotes('bad.md', misQuoted, opensLikeMessage);

	test('the sample code gives the templates a reader expects', () => {
		expect(sample.map((t) => t.split(ANY).join('<*>'))).toEqual(
			expect.arrayContaining([
				// the form with a row key (`"<*>" (item`) is one of its texts, so it is not listed apart
				'Record Payment <*> (item <*>) failed: no answer within the time-out of <*> s (the service may have applied it)',
				'Item <*> (index <*>): "<*>" is too long to send: the request URL would be about <*> characters, more than the 8000 the node sends',
			]),
		);
	});

	test('both messages are taken as quotes and both are refused, by the sample and by the node\'s code', () => {
		expect(found.messages.map((q) => q.line)).toEqual([5, 6]);
		expect(found.messages.filter((q) => matchesSample(q.text))).toEqual([]);
		expect(found.messages.filter((q) => isKnownMessage(q.text))).toEqual([]);
	});

	test('the same messages as the code prints them pass', () => {
		expect(matchesSample('Record Payment Invoice "1000000000000001" (item 0) failed: no answer within the time-out of 300 s (the service may have applied it)')).toBe(true);
		expect(matchesSample('Item 2 (index 1): "Name" is too long to send: the request URL would be about 20070 characters, more than the 8000 ...')).toBe(true);
		expect(matchesSample('... (the service may have applied it)')).toBe(true);
	});

	test('a value does not swallow the words around it', () => {
		expect(matchesSample('Item 2 (index 1): "Name" is too long to send: the request URL would be 20070 characters ...')).toBe(false);
		expect(matchesSample('Record Payment Invoice "1" (item 0) failed: no answer within the time-out ...')).toBe(true);
		expect(matchesSample('Record Payment Invoice "1" failed: no answer within the time-out ...')).toBe(false);
	});

	test('"Options > Timeout" and "Options > Batching" are refused; under Request Options they pass', () => {
		expect(found.menuPaths.map((q) => q.text)).toEqual(['Options > Timeout', 'Options > Batching']);
		expect(found.menuPaths.filter((q) => isKnownMenuPath(q.text))).toEqual([]);
		expect(isKnownMenuPath('Request Options > Timeout')).toBe(true);
		expect(isKnownMenuPath('Request Options > Batching')).toBe(true);
	});

	test('a message or menu path left unmarked is reported', () => {
		const unmarked = extractQuotes('bad.md', 'It says `the request failed (item 2)` under Options > Timeout.', opensLikeMessage);
		expect(unmarked.unmarkedMessages.map((q) => q.text)).toEqual(['the request failed (item 2)']);
		expect(unmarked.unmarkedMenuPaths).toHaveLength(1);
	});
});
