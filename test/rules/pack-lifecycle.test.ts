import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { copyProjectForBuild } from './project-copy';
import { ROOT } from './run-tool';

/** The environment of a person's shell: none of the npm_config_* a parent `npm test` exports. */
function shellEnvironment(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')));
}

/** `npm pack --dry-run` in a copy of the project that has no dist/, as in a fresh clone after `npm ci`. */
function packFreshCopy(edit: (dir: string) => void = () => undefined): { status: number | null; output: string; built: boolean } {
	const dir = copyProjectForBuild(['tools/scripts/check-pack.js']);
	edit(dir);
	expect(existsSync(join(dir, 'dist'))).toBe(false);
	const result = spawnSync('npm', ['pack', '--dry-run'], { cwd: dir, encoding: 'utf8', env: shellEnvironment() });
	return { status: result.status, output: `${result.stdout}${result.stderr}`, built: existsSync(join(dir, 'dist')) };
}

interface Manifest {
	scripts: Record<string, string>;
	allowScripts?: Record<string, boolean>;
	n8n: { credentials: string[] };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

describe('npm pack and npm publish on a fresh clone', () => {
	test('npm pack builds and checks the package first: it ships the nodes, the credential and their codex', () => {
		const packed = packFreshCopy();
		expect(packed.status).toBe(0);
		expect(packed.built).toBe(true);
		expect(packed.output).toMatch(/\[check-pack\] n8n-nodes-invoicing@[^:]+: \d+ files, .* every n8n file, icon and codex is there/);
		for (const file of ['dist/nodes/Invoicing/Invoicing.node.js', 'dist/nodes/Invoicing/Invoicing.node.json', 'dist/credentials/InvoicingApi.credentials.js']) {
			expect(packed.output).toContain(file);
		}
	}, 120_000);

	test('npm pack refuses a package that lacks a file of its n8n section, naming it', () => {
		const packed = packFreshCopy((dir) => {
			const copy = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
			copy.n8n.credentials.push('dist/credentials/Missing.credentials.js');
			writeFileSync(join(dir, 'package.json'), JSON.stringify(copy, null, 2));
		});
		expect(packed.status).not.toBe(0);
		expect(packed.output).toContain('missing: dist/credentials/Missing.credentials.js');
		expect(packed.output).not.toMatch(/Tarball Contents/);
	}, 120_000);

	test('npm publish runs the same build and check (prepack), and nothing turns lifecycle scripts off', () => {
		expect(manifest.scripts.prepack).toBe('npm run build && node tools/scripts/check-pack.js');
		expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).not.toMatch(/^\s*ignore-scripts\s*=\s*true/m);
	});

	test("every dependency with an install script is denied in allowScripts, so a plain npm ci (npm 11.19) runs none", () => {
		const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
		const withScripts = Object.entries(lock.packages)
			.filter(([, entry]) => entry.hasInstallScript)
			.map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
		expect(withScripts.length).toBeGreaterThan(0);
		const denied = Object.entries(manifest.allowScripts ?? {}).filter(([, allowed]) => !allowed).map(([name]) => name);
		expect([...new Set(withScripts)].sort()).toEqual(denied.sort());
	});

	test('the bootstrap and the release install with --ignore-scripts (npm before allowScripts runs every install script)', () => {
		expect(readFileSync(join(ROOT, 'tools', 'scripts', 'bootstrap.js'), 'utf8')).toContain("['ci', '--ignore-scripts',");
		expect(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')).toMatch(/run: npm ci --ignore-scripts\n/);
	});
});
