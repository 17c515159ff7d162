import { readFileSync } from 'node:fs';
import type { INodePropertyOptions } from 'n8n-workflow';
import { join } from 'node:path';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';

/**
 * n8n's nodes panel (editor-ui, generateMergedNodesAndActions in 1.x and 2.x) shows a node and its trigger as one
 * entry when the trigger's type name without "Trigger" is the node's, and gives that entry the trigger's
 * description. So the trigger's description must describe the whole entry: the actions first, then the events.
 */
describe('the nodes panel entry "Invoicing" (node and trigger merged by n8n)', () => {
	const node = new Invoicing().description;
	const trigger = new InvoicingTrigger().description;

	test('n8n merges the two: the trigger\'s name without "Trigger" is the node\'s', () => {
		expect(trigger.name.replace('Trigger', '')).toBe(node.name);
	});

	test('the description the entry shows (the trigger\'s) says what the node does, then what starts a workflow', () => {
		expect(trigger.description.startsWith(node.description.replace(/ in the Invoicing Service$/, ''))).toBe(true);
		expect(trigger.description).toContain('start workflows when they are created, paid, overdue or accepted');
	});
});

/**
 * The panel's search (editor-ui `searchNodes`: sublimeSearch over the entry's display name and codex aliases)
 * finds the entry when an alias holds the words typed; the merged entry is the trigger's, so both codex files
 * carry them.
 */
describe('the nodes panel finds the entry by what a user types for numbers and estimates (issue 35)', () => {
	const codexes = ['Invoicing/Invoicing.node.json', 'InvoicingTrigger/InvoicingTrigger.node.json'].map(
		(file) => JSON.parse(readFileSync(join(__dirname, '../../nodes', file), 'utf8')) as { alias: string[] },
	);

	test.each(['create from estimate', 'estimate to invoice', 'convert estimate', 'next number', 'numbering'])('"%s"', (typed) => {
		for (const codex of codexes) expect(codex.alias.filter((alias) => alias.toLowerCase().includes(typed))).not.toEqual([]);
	});

	test.each(['reminder', 'dunning', 'next invoice number', 'invoice number', 'e-invoice', 'xrechnung'])('"%s" (issue 45)', (typed) => {
		for (const codex of codexes) expect(codex.alias.filter((alias) => alias.toLowerCase().includes(typed))).not.toEqual([]);
	});
});

/**
 * The entry's actions, as n8n's nodes panel lists them (editor-ui `resourceCategories` in useActionsGeneration,
 * 1.x and 2.x): resource by resource in the order of the Resource options, each with its operations in their
 * order; the panel's sorting leaves actions in that order. Invoices are what most people come for (issue 45).
 */
describe('the nodes panel lists the Invoice actions first', () => {
	const { properties } = new Invoicing().description;
	const resources = (properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	const actions = resources.flatMap((resource) => {
		const operation = properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value));
		return ((operation?.options ?? []) as INodePropertyOptions[]).map((option) => `${resource.name}: ${option.action ?? option.name}`);
	});

	test('resource by resource: Invoice, Estimate, Client, Expense', () => {
		expect(resources.map((resource) => resource.value)).toEqual(['invoice', 'estimate', 'client', 'expense']);
		expect(actions[0]).toMatch(/^Invoice: /);
		expect([...new Set(actions.map((action) => action.split(':')[0]))]).toEqual(['Invoice', 'Estimate', 'Client', 'Expense']);
	});
});
