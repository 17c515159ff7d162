import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { linesMatching, nodeSources, ROOT, sources } from './node-sources';

/**
 * n8n's internals are touched in nodes/Invoicing/engine/ alone: the workflow data proxy ($runIndex, $input), the
 * Request Options collection n8n's loader adds, and the prototype of an engine context. Everything else asks engine/.
 */
const ENGINE = join(ROOT, 'nodes', 'Invoicing', 'engine');

const touchesInternals = /getWorkflowDataProxy|['"]requestOptions['"]|getPrototypeOf\(\s*(ctx|this|context)\b/;

describe('engine internals', () => {
	test('no file of the nodes outside engine/ touches them', () => {
		const files = nodeSources([ENGINE]);
		expect(files.length).toBeGreaterThan(50);
		expect(linesMatching(files, touchesInternals)).toEqual([]);
	});

	test('the check sees the forms it refuses, and engine/ has them', () => {
		const refused = ['ctx.getWorkflowDataProxy(0).$runIndex', "ctx.getNodeParameter('requestOptions', {})", 'Object.getPrototypeOf(ctx)'];
		expect(refused.every((line) => touchesInternals.test(line))).toBe(true);
		expect(touchesInternals.test('Object.getPrototypeOf(error)')).toBe(false);
		const engine = sources(ENGINE).map((file) => readFileSync(file, 'utf8')).join('\n');
		expect(touchesInternals.test(engine)).toBe(true);
	});
});
