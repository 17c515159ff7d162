import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT } from './run-tool';

interface Lockfile {
	packages: Record<string, { version?: string; optional?: boolean }>;
}

/** `npm ci --dry-run` on a copy of the manifest and a lock: npm's own check that the lock matches package.json. */
function npmCiDryRun(lock: Lockfile): { status: number | null; stderr: string } {
	const dir = mkdtempSync(join(tmpdir(), 'invoicing-npm-ci-'));
	for (const file of ['package.json', '.npmrc']) copyFileSync(join(ROOT, file), join(dir, file));
	writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
	const result = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, encoding: 'utf8' });
	return { status: result.status, stderr: result.stderr };
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json (npm ci on a fresh clone)', () => {
	test('npm ci accepts it', () => {
		expect(npmCiDryRun(lock)).toMatchObject({ status: 0 });
	});

	test("it records every platform binding of unrs-resolver (@n8n/node-cli's eslint resolver)", () => {
		const bindings = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/@unrs/resolver-binding-'));
		expect(bindings.length).toBeGreaterThanOrEqual(19);
	});

	test('npm ci refuses a lock that lacks one of those optional bindings, as the lock of 0.1.0 did (the check can fail)', () => {
		const packages = { ...lock.packages };
		delete packages['node_modules/@unrs/resolver-binding-darwin-arm64'];
		const refused = npmCiDryRun({ ...lock, packages });
		expect(refused.status).not.toBe(0);
		expect(refused.stderr).toMatch(/Missing: @unrs\/resolver-binding-darwin-arm64@/);
	});
});
