import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { copyProjectForBuild } from './project-copy';
import { lint, LINT_FLAG, lintRules, n8nNodeLint, npmRunLint, ROOT, scan } from './run-tool';

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

	test('`npm run lint` (`n8n-node lint`: eslint over the whole project) passes in strict mode', () => {
		expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).n8n.strict).toBe(true);
		expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.lint).toBe('node tools/scripts/lint.js');
		const result = npmRunLint();
		expect(result.output).toContain('n8n-node lint');
		expect(result.output).not.toMatch(/Strict mode violation|problems?\b/);
		expect(result.status).toBe(0);
	});

	test("the README's bare `npx n8n-node lint` (n8n's documented command) passes as given: with the flag lint.js sets", () => {
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		const given = /`ESLINT_FLAGS=(\S+) npx n8n-node lint`/.exec(readme)?.[1];
		expect(given).toBe(LINT_FLAG);
		expect(readFileSync(join(ROOT, 'tools', 'scripts', 'lint.js'), 'utf8')).toContain(`const FLAG = '${LINT_FLAG}';`);
		const result = n8nNodeLint(ROOT, { ESLINT_FLAGS: given });
		expect(result.output).not.toMatch(/problems?\b/);
		expect(result.status).toBe(0);
	});

	test("nodes/ and credentials/ are linted with n8n's config, tools/ and test/ with the one dev config", () => {
		const restricted = '@n8n/community-nodes/no-restricted-globals';
		const node = lintRules('nodes/Invoicing/Invoicing.node.ts');
		expect([node[restricted], node['n8n-nodes-base/node-param-default-missing']]).toEqual([[2], [2]]);
		expect(lintRules('tools/sandbox/server.ts')[restricted]).toEqual([0]);
		expect(lintRules('test/rules/lint.test.ts')[restricted]).toEqual([0]);
		expect(readFileSync(join(ROOT, 'test', 'eslint.config.mjs'), 'utf8')).toContain("from '../tools/eslint.config.mjs'");
	});

	test('no file of tools/ or test/ turns rules off for itself', () => {
		const files = (dir: string): string[] => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|js|mjs)$/.test(f)).map((f) => join(dir, f));
		const fileWide = [...files('tools'), ...files('test')].filter((f) => /^\/\* eslint-disable /m.test(readFileSync(join(ROOT, f), 'utf8')));
		expect(fileWide).toEqual([]);
	});

	test('strict mode does refuse a modified eslint config (the check can fail)', () => {
		const copy = copyProjectForBuild(['eslint.config.mjs']);
		writeFileSync(join(copy, 'eslint.config.mjs'), `${readFileSync(join(copy, 'eslint.config.mjs'), 'utf8')}\n// ignore nothing, but differ\nexport const extra = 1;\n`);
		const result = n8nNodeLint(copy);
		expect(result.output).toMatch(/Strict mode violation/);
		expect(result.status).not.toBe(0);
	});
});
