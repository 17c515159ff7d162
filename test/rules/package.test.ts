import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildTarball, installTarball } from '../../scripts/n8n/pack';
import { checkPack } from './check-pack';
import { scan } from './run-tool';

interface PackageJson {
	name: string;
	keywords: string[];
	license: string;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	n8n: { n8nNodesApiVersion: number; nodes: string[]; credentials: string[] };
}

let unpacked: string;
let pkg: PackageJson;
let tarballFiles: string[];

beforeAll(async () => {
	const userFolder = mkdtempSync(join(tmpdir(), 'invoicing-tarball-'));
	const tarball = await buildTarball();
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

	test('is a community package with no runtime dependencies and n8n-workflow as the only peer', () => {
		expect(pkg.name).toMatch(/^n8n-nodes-/);
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.license).toBe('MIT');
		expect(pkg.dependencies).toBeUndefined();
		expect(Object.keys(pkg.peerDependencies ?? {})).toEqual(['n8n-workflow']);
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
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
		for (const devOnly of ['sandbox', 'test', 'scripts', 'examples', 'nodes', 'credentials']) expect(existsSync(join(unpacked, devOnly))).toBe(false);
	});
});
