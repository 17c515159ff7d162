import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT } from './run-tool';

/** What a build reads: the package's sources and build configuration. */
const BUILD_INPUTS = ['credentials', 'nodes', 'package.json', 'tsconfig.json', 'gulpfile.js', 'index.js', '.npmrc', 'README.md', 'LICENSE'];

/**
 * A throw-away copy of the project's build inputs sharing the repository's node_modules, so that tests can build
 * (which empties dist/) without touching the repository's own dist/.
 */
export function copyProjectForBuild(extra: string[] = []): string {
	const dir = mkdtempSync(join(tmpdir(), 'invoicing-project-'));
	for (const entry of [...BUILD_INPUTS, ...extra]) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
	return dir;
}
