import { existsSync } from 'node:fs';

import { buildTarball, TARBALL_ENV } from '../../tools/scripts/n8n/pack';

/**
 * Global setup of the real-n8n suites: this checkout's tarball built once for the whole suite (every file installs
 * it), unless the test command has built it for the run already.
 */
export default async function packageTarball(): Promise<void> {
	const built = process.env[TARBALL_ENV];
	if (built && existsSync(built)) return;
	process.env[TARBALL_ENV] = await buildTarball();
}
