import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildTarball, installTarball } from '../../tools/scripts/n8n/pack';
import { checkPack } from './check-pack';
import { scan } from './run-tool';

interface PackageJson {
	name: string;
	keywords: string[];
	license: string;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	peerDependenciesMeta?: Record<string, { optional?: boolean }>;
	homepage: string;
	repository: { type: string; url: string };
	bugs: { url: string };
	n8n: { n8nNodesApiVersion: number; nodes: string[]; credentials: string[] };
}

let unpacked: string;
let pkg: PackageJson;
let tarballFiles: string[];
let tarballPath: string;

/** The README's manual route: `npm install <package>` in a fresh ~/.n8n/nodes; returns what npm printed. */
function npmInstallInNodesFolder(tarball: string, dryRun: boolean): { nodesFolder: string; output: string } {
	const nodesFolder = join(mkdtempSync(join(tmpdir(), 'invoicing-manual-install-')), '.n8n', 'nodes');
	mkdirSync(nodesFolder, { recursive: true });
	const args = ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', ...(dryRun ? ['--dry-run', '--ignore-scripts'] : [])];
	const result = spawnSync('npm', args, { cwd: nodesFolder, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed: ${result.stderr}`);
	return { nodesFolder, output: result.stdout };
}

beforeAll(async () => {
	const userFolder = mkdtempSync(join(tmpdir(), 'invoicing-tarball-'));
	const tarball = await buildTarball();
	tarballPath = tarball;
	tarballFiles = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' })
		.stdout.split('\n')
		.filter((entry) => entry !== '' && !entry.endsWith('/'))
		.map((entry) => entry.replace(/^package\//, ''));
	unpacked = await installTarball(tarball, userFolder);
	// n8n provides the peer dependency where it loads the package; here the repository's copy stands in
	symlinkSync(join(__dirname, '..', '..', 'node_modules', 'n8n-workflow'), join(unpacked, '..', 'n8n-workflow'), 'dir');
	pkg = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as PackageJson;
}, 120_000);

describe('the published tarball (npm pack)', () => {
	test('passes the community-package scanner', () => {
		expect(scan(unpacked)).toEqual({ passed: true, message: '', details: '' });
	});

	test('the scanner does fail a package with a runtime dependency', () => {
		const bad = mkdtempSync(join(tmpdir(), 'scan-fixture-'));
		mkdirSync(join(bad, 'dist'));
		writeFileSync(join(bad, 'package.json'), JSON.stringify({ ...pkg, dependencies: { axios: '^1.0.0' } }, null, 2));
		const verdict = scan(bad);
		expect(verdict.passed).toBe(false);
		expect(verdict.details).toMatch(/dependencies/i);
	});

	test('is a community package with no runtime dependencies and n8n-workflow as the only peer, an optional one', () => {
		expect(pkg.name).toMatch(/^n8n-nodes-/);
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.license).toBe('MIT');
		expect(pkg.dependencies).toBeUndefined();
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.peerDependenciesMeta).toEqual({ 'n8n-workflow': { optional: true } });
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
	});

	test('names the public repository it is built from (provenance checks it), its issues and its README', () => {
		const repo = 'https://github.com/n8n-nodes-invoicing/n8n-nodes-invoicing';
		expect(pkg.repository).toEqual({ type: 'git', url: `git+${repo}.git` });
		expect(pkg.bugs).toEqual({ url: `${repo}/issues` });
		expect(pkg.homepage).toBe(`${repo}#readme`);
		const codex = JSON.parse(readFileSync(join(unpacked, 'dist', 'nodes', 'Invoicing', 'Invoicing.node.json'), 'utf8')) as {
			resources: Record<string, Array<{ url: string }>>;
		};
		const { InvoicingApi } = require(join(unpacked, pkg.n8n.credentials[0])) as { InvoicingApi: new () => { documentationUrl: string } };
		const links = [...Object.values(codex.resources).flat().map((r) => r.url), new InvoicingApi().documentationUrl];
		// no #fragment: n8n appends ?utm_source=... to a node's and a credential's docs link, after any fragment
		expect(links).toEqual([repo, repo, repo]);
	});

	test('every node and credential of the n8n section is in the tarball, loads and has its icons and codex', () => {
		const files = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((file) => join(unpacked, file));
		expect(files.every((file) => existsSync(file))).toBe(true);
		const { Invoicing } = require(join(unpacked, pkg.n8n.nodes[0])) as { Invoicing: new () => { description: { name: string; icon: { light: string; dark: string } } } };
		const { InvoicingApi } = require(join(unpacked, pkg.n8n.credentials[0])) as { InvoicingApi: new () => { name: string } };
		const node = new Invoicing();
		expect([node.description.name, new InvoicingApi().name]).toEqual(['invoicing', 'invoicingApi']);
		const nodeDir = join(unpacked, 'dist', 'nodes', 'Invoicing');
		for (const icon of Object.values(node.description.icon)) expect(existsSync(join(nodeDir, icon.replace('file:', '')))).toBe(true);
		expect(JSON.parse(readFileSync(join(nodeDir, 'Invoicing.node.json'), 'utf8')).categories).toEqual(['Finance & Accounting']);
	});

	test('holds every file of the n8n section, their icons and codices, and nothing of the dev tooling', () => {
		const required = checkPack.requiredFiles(unpacked, pkg);
		expect(required).toEqual(expect.arrayContaining([...pkg.n8n.nodes, ...pkg.n8n.credentials, 'dist/nodes/Invoicing/invoicing.svg', 'dist/nodes/Invoicing/Invoicing.node.json']));
		expect(checkPack.packProblems(required, tarballFiles)).toEqual([]);
	});

	test('ships only the build, the readme and the license', () => {
		expect(existsSync(join(unpacked, 'README.md'))).toBe(true);
		expect(existsSync(join(unpacked, 'LICENSE'))).toBe(true);
		for (const devOnly of ['tools', 'test', 'examples', 'nodes', 'credentials']) expect(existsSync(join(unpacked, devOnly))).toBe(false);
	});

	test("a manual install in ~/.n8n/nodes adds only the package: no second n8n-workflow beside n8n's own", () => {
		const { nodesFolder } = npmInstallInNodesFolder(tarballPath, false);
		expect(readdirSync(join(nodesFolder, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([pkg.name]);
		expect(existsSync(join(nodesFolder, 'node_modules', 'n8n-workflow'))).toBe(false);
	});

	test('the same install of a package whose n8n-workflow peer is not optional would add n8n-workflow (the check can fail)', () => {
		const fixture = mkdtempSync(join(tmpdir(), 'peer-fixture-'));
		writeFileSync(join(fixture, 'package.json'), JSON.stringify({ name: 'peer-fixture', version: '1.0.0', peerDependencies: { 'n8n-workflow': '*' } }));
		const packed = spawnSync('npm', ['pack', '--pack-destination', fixture, '--loglevel=error'], { cwd: fixture, encoding: 'utf8' });
		if (packed.status !== 0) throw new Error(packed.stderr);
		const { output } = npmInstallInNodesFolder(join(fixture, 'peer-fixture-1.0.0.tgz'), true);
		expect(output).toMatch(/^add n8n-workflow \d/m);
	});
});
