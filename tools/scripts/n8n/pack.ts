import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PACKAGE_NAME, REPO_ROOT } from './config';
import { runOrThrow } from './run-command';

/**
 * The environment variable naming this checkout's tarball once it is built for a run (tools/scripts/run-tests.js and
 * the real-n8n suites' global setup, test/setup/package-tarball.ts): every suite and file of the run installs that
 * one tarball instead of building its own (a build is 15-30 s on the 2-core machine).
 */
export const TARBALL_ENV = 'INVOICING_PACKAGE_TARBALL';

/**
 * Builds the package (this checkout, or another one given by `packageDir`) and makes the very tarball `npm pack`
 * publishes; returns its path. For this checkout, the run's tarball named by TARBALL_ENV when there is one.
 */
export async function buildTarball(packageDir: string = REPO_ROOT): Promise<string> {
	const built = process.env[TARBALL_ENV];
	if (packageDir === REPO_ROOT && built && existsSync(built)) return built;
	await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: packageDir });
	const destination = mkdtempSync(join(tmpdir(), 'invoicing-pack-'));
	// prepack would build a second time; the package test checks this tarball's files
	await runOrThrow('npm', ['pack', '--ignore-scripts', '--pack-destination', destination, '--loglevel=error'], { cwd: packageDir });
	const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz'));
	if (!tarball) throw new Error(`npm pack made no tarball in ${destination}`);
	return join(destination, tarball);
}

/**
 * Installs the tarball the way the README's manual route does: `npm install` in <user folder>/.n8n/nodes, whose
 * node_modules n8n scans for community packages at start (n8n 2.40 `scanDirectoryForPackages`). The nodes keep
 * their published types (`n8n-nodes-invoicing.invoicing`); the optional peer n8n-workflow is not installed, so
 * the package uses n8n's own copy. Returns the installed package's folder.
 */
export async function installTarball(tarball: string, userFolder: string): Promise<string> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(join(nodesDir, 'package.json'))) writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
	await runOrThrow('npm', ['install', tarball, '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: nodesDir });
	return join(nodesDir, 'node_modules', PACKAGE_NAME);
}

/** `ts-node tools/scripts/n8n/pack.ts`: builds this checkout's tarball and prints its path (the test command's one build). */
if (require.main === module) {
	buildTarball().then(
		(tarball) => console.log(tarball),
		(error: unknown) => {
			console.error(error instanceof Error ? error.message : error);
			process.exit(1);
		},
	);
}
