import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { operationsTable } from './operations-table';

/**
 * The Operations table of docs/operations.md against the node as n8n runs it: one row per resource and operation of the
 * node description, each row quoting the operation's own request (its routing's method and path), and every
 * request a row quotes being one of the API's requests that the node's operations declare. What the node
 * really sends, guards and reads included, is checked against the table by test/engine/operations-table.test.ts.
 */
const ROOT = join(__dirname, '..', '..');
const { properties } = new Invoicing().description;

interface Operation {
	resource: string;
	operation: string;
	request: string;
}

const resourceNames = new Map(((properties.find((p) => p.name === 'resource')?.options ?? []) as INodePropertyOptions[]).map((o) => [o.value, o.name]));
const operations: Operation[] = properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		((p.options ?? []) as INodePropertyOptions[]).map((o) => ({
			resource: resourceNames.get(String(p.displayOptions?.show?.resource?.[0])) ?? '?',
			operation: o.name,
			request: `${o.routing?.request?.method} ${o.routing?.request?.url}`,
		})),
	);
const apiRequests = new Set(operations.map((o) => o.request));

const page = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
const rows = operationsTable(page);

describe("docs/operations.md's Operations table says which requests each operation sends", () => {
	test('one row per resource and operation of the node, in the same words as the editor', () => {
		expect(operations.length).toBeGreaterThanOrEqual(28);
		const key = (r: { resource: string; operation: string }) => `${r.resource}: ${r.operation}`;
		expect(rows.map(key).sort()).toEqual(operations.map(key).sort());
	});

	test("each row quotes the operation's own request (method and path of its routing)", () => {
		const missing = operations.filter((o) => !rows.find((r) => r.resource === o.resource && r.operation === o.operation)?.requests.includes(o.request));
		expect(missing).toEqual([]);
	});

	test("every request a row quotes is a request of the API that one of the node's operations sends", () => {
		const unknown = rows.flatMap((r) => r.requests.filter((request) => !apiRequests.has(request)).map((request) => `${r.resource} ${r.operation}: ${request}`));
		expect(unknown).toEqual([]);
		expect(rows.every((r) => r.requests.length > 0)).toBe(true);
	});
});

test("the README's Operations overview names every operation of each resource, in the editor's words", () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const section = readme.split(/^## Operations$/m)[1]?.split(/^## /m)[0] ?? '';
	const overview = section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| Resource') && !line.startsWith('|---'))
		.flatMap((line) => {
			const cells = line.split('|').map((cell) => cell.trim());
			return cells[2].split(', ').map((operation) => `${cells[1]}: ${operation}`);
		});
	expect(overview.sort()).toEqual(operations.map((o) => `${o.resource}: ${o.operation}`).sort());
});
