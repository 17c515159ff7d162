import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';

/**
 * One direction (docs/development.md): a resource's facts are in its entry under nodes/Invoicing/resources/, so no
 * code outside that folder branches on a resource name (`resource === 'client'`, `case 'invoice':`).
 */
const ROOT = join(__dirname, '..', '..');
const RESOURCES = join(ROOT, 'nodes', 'Invoicing', 'resources');

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return path === RESOURCES ? [] : sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

const names = RESOURCE_SPECS.map((spec) => spec.value).join('|');
const comparison = new RegExp(`[!=]==\\s*['"\`](${names})['"\`]|['"\`](${names})['"\`]\\s*[!=]==|case\\s+['"\`](${names})['"\`]\\s*:`);

describe('resource names', () => {
	test('no code outside nodes/Invoicing/resources/ compares a resource name', () => {
		const files = sources(join(ROOT, 'nodes'));
		expect(files.length).toBeGreaterThan(50);
		const found = files.flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.flatMap((line, index) => (comparison.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
		);
		expect(found).toEqual([]);
	});

	test('the check sees the forms it refuses', () => {
		expect(["if (resource === 'client')", 'kind !== "expense"', "'invoice' === kind", "case 'estimate':"].every((line) => comparison.test(line))).toBe(true);
		expect(["const type = 'client';", "source: 'client'"].some((line) => comparison.test(line))).toBe(false);
	});
});
