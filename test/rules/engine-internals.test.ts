import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * n8n's internals are touched in nodes/Invoicing/engine/ alone: the workflow data proxy ($runIndex, $input), the
 * Request Options collection n8n's loader adds, and the prototype of an engine context. Everything else asks engine/.
 */
const ROOT = join(__dirname, '..', '..');
const ENGINE = join(ROOT, 'nodes', 'Invoicing', 'engine') + sep;

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

const touchesInternals = /getWorkflowDataProxy|['"]requestOptions['"]|getPrototypeOf\(\s*(ctx|this|context)\b/;

describe('engine internals', () => {
	test('no file of the nodes outside engine/ touches them', () => {
		const files = sources(join(ROOT, 'nodes')).filter((file) => !file.startsWith(ENGINE));
		expect(files.length).toBeGreaterThan(50);
		const found = files.flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.flatMap((line, index) => (touchesInternals.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
		);
		expect(found).toEqual([]);
	});

	test('the check sees the forms it refuses, and engine/ has them', () => {
		const refused = ['ctx.getWorkflowDataProxy(0).$runIndex', "ctx.getNodeParameter('requestOptions', {})", 'Object.getPrototypeOf(ctx)'];
		expect(refused.every((line) => touchesInternals.test(line))).toBe(true);
		expect(touchesInternals.test('Object.getPrototypeOf(error)')).toBe(false);
		const engine = sources(ENGINE).map((file) => readFileSync(file, 'utf8')).join('\n');
		expect(touchesInternals.test(engine)).toBe(true);
	});
});
