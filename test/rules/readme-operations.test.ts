import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';

/**
 * The README's Operations table against the node as n8n runs it: one row per resource and operation of the
 * node description, each row quoting the operation's own request (its routing's method and path), and every
 * request a row quotes being one of the API's requests that the node's operations declare.
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

/** The rows of the README's "## Operations" table: resource, operation and the requests quoted in the Request(s) cell. */
function tableRows(readme: string): Array<{ resource: string; operation: string; requests: string[] }> {
	const section = readme.split(/^## Operations$/m)[1]?.split(/^## /m)[0] ?? '';
	return section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| Resource') && !line.startsWith('|---'))
		.map((line) => {
			const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
			const requests = [...cells[3].matchAll(/`(GET|POST|PUT|DELETE) (\/[^`\s]+)`/g)].map((m) => `${m[1]} ${m[2]}`);
			return { resource: cells[1], operation: cells[2], requests };
		});
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const rows = tableRows(readme);

test("the README stays a user's guide: at most 30,000 bytes (maintainer detail goes in docs/)", () => {
	expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(30000);
});

describe("the README's Operations table says which requests each operation sends", () => {
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
