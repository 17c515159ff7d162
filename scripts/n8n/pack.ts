/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Unpacks the tarball where n8n's custom loader finds it: <user folder>/.n8n/custom/node_modules/<package>. */
export async function installTarball(tarball: string, userFolder: string): Promise<string> {
	const target = join(userFolder, '.n8n', 'custom', 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	await runOrThrow('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
	return target;
}
