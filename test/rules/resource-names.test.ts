import { join } from 'node:path';

import { RESOURCE_SPECS } from '../../nodes/Invoicing/resources/resources';
import { linesMatching, nodeSources, ROOT } from './node-sources';

/**
 * One direction (docs/development.md): a resource's facts are in its entry under nodes/Invoicing/resources/, so no
 * code outside that folder branches on a resource name (`resource === 'client'`, `case 'invoice':`).
 */
const RESOURCES = join(ROOT, 'nodes', 'Invoicing', 'resources');


const names = RESOURCE_SPECS.map((spec) => spec.value).join('|');
const comparison = new RegExp(`[!=]==\\s*['"\`](${names})['"\`]|['"\`](${names})['"\`]\\s*[!=]==|case\\s+['"\`](${names})['"\`]\\s*:`);

describe('resource names', () => {
	test('no code outside nodes/Invoicing/resources/ compares a resource name', () => {
		const files = nodeSources([RESOURCES]);
		expect(files.length).toBeGreaterThan(50);
		expect(linesMatching(files, comparison)).toEqual([]);
	});

	test('the check sees the forms it refuses', () => {
		expect(["if (resource === 'client')", 'kind !== "expense"', "'invoice' === kind", "case 'estimate':"].every((line) => comparison.test(line))).toBe(true);
		expect(["const type = 'client';", "source: 'client'"].some((line) => comparison.test(line))).toBe(false);
	});
});
