/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { copyProjectForBuild } from './project-copy';
import { lint, n8nNodeLint, ROOT, scan } from './run-tool';

describe("n8n's rules on the source", () => {
	test('the community-node lint config (the one `n8n-node lint` uses) finds nothing in nodes/, credentials/ and package.json', () => {
		const problems = lint(ROOT, ['nodes', 'credentials', 'package.json']).flatMap((file) =>
			file.messages.map((m) => `${file.filePath.replace(ROOT, '')}:${m.line} ${m.ruleId}: ${m.message}`),
		);
		expect(problems).toEqual([]);
	});

	test("the community-package scanner's source scan passes", () => {
		expect(scan(ROOT, true)).toEqual({ passed: true, message: '', details: '' });
	});

	test('the lint config does catch violations (six unsorted options, a missing default) in a node description', () => {
		const dir = mkdtempSync(join(tmpdir(), 'lint-fixture-'));
		mkdirSync(join(dir, 'nodes', 'Bad'), { recursive: true });
		writeFileSync(
			join(dir, 'eslint.config.mjs'),
			`import { config } from ${JSON.stringify(join(ROOT, 'node_modules', '@n8n', 'node-cli', 'dist', 'configs', 'eslint.js'))};\nexport default config;\n`,
		);
		writeFileSync(
			join(dir, 'nodes', 'Bad', 'Bad.node.ts'),
			[
				"import type { INodeProperties } from 'n8n-workflow';",
				'export const properties: INodeProperties[] = [',
				"\t{ displayName: 'Mode', name: 'mode', type: 'options', default: 'z', options: [",
				...['Zebra', 'Apple', 'Mango', 'Kiwi', 'Banana', 'Cherry'].map((name) => `\t\t{ name: '${name}', value: '${name.toLowerCase()}' },`),
				'\t] },',
				"\t{ displayName: 'Note', name: 'note', type: 'string' } as INodeProperties,",
				'];',
				'',
			].join('\n'),
		);
		const rules = lint(dir, ['nodes']).flatMap((file) => file.messages.map((m) => m.ruleId));
		expect(rules).toEqual(expect.arrayContaining(['n8n-nodes-base/node-param-options-type-unsorted-items', 'n8n-nodes-base/node-param-default-missing']));
	});

	test('`n8n-node lint` (eslint over the whole project, as n8n runs it) passes in strict mode', () => {
		expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).n8n.strict).toBe(true);
		const result = n8nNodeLint(ROOT);
		expect(result.output).not.toMatch(/Strict mode violation|problems?\b/);
		expect(result.status).toBe(0);
	});

	test('strict mode does refuse a modified eslint config (the check can fail)', () => {
		const copy = copyProjectForBuild(['eslint.config.mjs']);
		writeFileSync(join(copy, 'eslint.config.mjs'), `${readFileSync(join(copy, 'eslint.config.mjs'), 'utf8')}\n// ignore nothing, but differ\nexport const extra = 1;\n`);
		const result = n8nNodeLint(copy);
		expect(result.output).toMatch(/Strict mode violation/);
		expect(result.status).not.toBe(0);
	});
});
