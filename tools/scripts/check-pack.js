#!/usr/bin/env node
// Guards publishing: lists what `npm pack` would ship from the current build and fails unless it holds every
// file the "n8n" section of package.json names, each node's icons and codex, each credential's icons, and
// nothing of the dev tooling. Runs no build and no npm lifecycle script: it is the second half of `prepack`
// (package.json), which `npm pack` and `npm publish` run after the build, so an incomplete package is refused.
// Usage: node tools/scripts/check-pack.js [project dir]; exits 1 and names the problems when the package is incomplete.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { join, posix } = require('node:path');

/** Folders of the repository that are dev tooling or sources and never belong in the package. */
const DEV_ONLY = ['tools/', 'sandbox/', 'scripts/', 'test/', 'bench/', 'examples/', 'docs/', 'nodes/', 'credentials/', '.github/', '.ci/'];

/**
 * The files n8n needs from the package, found from the built classes: each node and credential file of the
 * "n8n" section, their `file:` icons, and each node's codex (<Name>.node.json beside <Name>.node.js).
 * @param {string} root project folder with a build in dist/
 * @param {{ n8n: { nodes?: string[]; credentials?: string[] } }} pkg its package.json
 * @returns {string[]} package-relative paths
 */
function requiredFiles(root, pkg) {
	const nodes = pkg.n8n.nodes ?? [];
	const credentials = pkg.n8n.credentials ?? [];
	const required = [...nodes, ...credentials, ...nodes.map((file) => file.replace(/\.js$/, '.json'))];
	for (const file of [...nodes, ...credentials]) {
		if (!existsSync(join(root, file))) continue; // reported as missing from the package below
		for (const icon of iconsOf(join(root, file))) required.push(posix.normalize(posix.join(posix.dirname(file), icon)));
	}
	return [...new Set(required)];
}

/** @param {unknown} icon @returns {string[]} */
function iconFiles(icon) {
	const values = typeof icon === 'string' ? [icon] : icon && typeof icon === 'object' ? Object.values(icon) : [];
	return values.filter((value) => typeof value === 'string' && value.startsWith('file:')).map((value) => value.slice('file:'.length));
}

/** The `file:` icons of every class a built node or credential file exports. @param {string} file @returns {string[]} */
function iconsOf(file) {
	const exported = require(file);
	const icons = [];
	for (const Type of Object.values(exported)) {
		if (typeof Type !== 'function') continue;
		const instance = new Type();
		const description = instance.description ?? instance;
		icons.push(...iconFiles(description.icon));
	}
	return icons;
}

/**
 * What is wrong with a package's file list: required files it lacks, dev-only files it holds.
 * @param {string[]} required package-relative paths that must be there
 * @param {string[]} packed package-relative paths npm would ship
 * @returns {string[]} one line per problem; empty when the package is complete
 */
function packProblems(required, packed) {
	const shipped = new Set(packed);
	const missing = required.filter((file) => !shipped.has(file)).map((file) => `missing: ${file}`);
	const devOnly = packed.filter((file) => DEV_ONLY.some((folder) => file.startsWith(folder))).map((file) => `dev-only file shipped: ${file}`);
	return [...missing, ...devOnly];
}

/**
 * `npm pack --dry-run` in a project: the files it would ship and the tarball's size, without writing it.
 * @param {string} root @returns {{ files: string[]; size: number; unpackedSize: number }}
 */
function dryRunPack(root) {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], { cwd: root, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`npm pack --dry-run failed: ${result.stderr}`);
	const [report] = JSON.parse(result.stdout);
	return { files: report.files.map((entry) => entry.path), size: report.size, unpackedSize: report.unpackedSize };
}

module.exports = { requiredFiles, packProblems, dryRunPack, DEV_ONLY };

if (require.main === module) {
	const root = process.argv[2] ?? join(__dirname, '..', '..');
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const pack = dryRunPack(root);
	const problems = packProblems(requiredFiles(root, pkg), pack.files);
	if (problems.length > 0) {
		console.error(`[check-pack] the package is incomplete${existsSync(join(root, 'dist')) ? '' : ' (no dist/: run `npm run build` first)'}:`);
		for (const problem of problems) console.error(`  ${problem}`);
		process.exit(1);
	}
	console.log(`[check-pack] ${pkg.name}@${pkg.version}: ${pack.files.length} files, ${pack.size} bytes packed (${pack.unpackedSize} unpacked); every n8n file, icon and codex is there`);
}
