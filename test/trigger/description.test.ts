import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeConnectionTypes, type INodeProperties } from 'n8n-workflow';

import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';

const ROOT = join(__dirname, '..', '..');
const trigger = new InvoicingTrigger();
const { description } = trigger;
const property = (name: string) => description.properties.find((p) => p.name === name) as INodeProperties;

describe('Invoicing Trigger description', () => {
	test('is a polling trigger without inputs, one main output and the Invoicing credential', () => {
		expect(description).toMatchObject({
			name: 'invoicingTrigger',
			displayName: 'Invoicing Trigger',
			group: ['trigger'],
			version: 1,
			polling: true,
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'invoicingApi', required: true }],
			defaults: { name: 'Invoicing Trigger' },
		});
		expect(typeof trigger.poll).toBe('function');
		expect(description.properties.map((p) => p.name)).toEqual(['events', 'alsoOnEveryPayment', 'filters']);
	});

	test('offers the seven events, at least one required', () => {
		const events = property('events');
		expect(events).toMatchObject({ type: 'multiOptions', required: true, default: [] });
		expect((events.options as Array<{ value: string }>).map((o) => o.value).sort()).toEqual(
			['estimateAccepted', 'invoiceOverdue', 'invoicePaid', 'newClient', 'newEstimate', 'newExpense', 'newInvoice'],
		);
		expect(property('alsoOnEveryPayment')).toMatchObject({ type: 'boolean', default: false, displayOptions: { show: { events: ['invoicePaid'] } } });
	});

	test('filters: a client locator searched with the action node\'s client search, currency, minimum total', () => {
		const filters = property('filters');
		expect((filters.options as INodeProperties[]).map((o) => [o.name, o.type])).toEqual([
			['clientId', 'resourceLocator'],
			['currency', 'string'],
			['minTotal', 'number'],
		]);
		const client = (filters.options as INodeProperties[])[0];
		expect(client.modes?.[0]).toMatchObject({ name: 'list', typeOptions: { searchListMethod: 'searchClients' } });
		expect(Object.keys(trigger.methods.listSearch)).toEqual(['searchClients']);
	});

	test('icons resolve beside the action node, the codex names the published type, package.json registers the built file', () => {
		const icon = description.icon as { light: string; dark: string };
		for (const file of [icon.light, icon.dark]) {
			expect(existsSync(join(ROOT, 'nodes', 'InvoicingTrigger', file.replace(/^file:/, '')))).toBe(true);
		}
		const codex = JSON.parse(readFileSync(join(ROOT, 'nodes', 'InvoicingTrigger', 'InvoicingTrigger.node.json'), 'utf8'));
		expect(codex).toMatchObject({ node: 'n8n-nodes-invoicing.invoicingTrigger', categories: ['Finance & Accounting'] });
		const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
		expect(pkg.n8n.nodes).toContain('dist/nodes/InvoicingTrigger/InvoicingTrigger.node.js');
	});
});
