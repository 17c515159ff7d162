import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PACKAGE_NAME, REPO_ROOT } from './config';
import { runOrThrow } from './run-command';

/** Builds the package (this checkout, or another one given by `packageDir`) and makes the very tarball `npm pack` publishes; returns its path. */
export async function buildTarball(packageDir: string = REPO_ROOT): Promise<string> {
	await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: packageDir });
	const destination = mkdtempSync(join(tmpdir(), 'invoicing-pack-'));
	await runOrThrow('npm', ['pack', '--pack-destination', destination, '--loglevel=error'], { cwd: packageDir });
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
