/**
 * The test command's one line about the n8n versions in the npm registry that the matrix (versions.json) does not
 * run: a newer release of a line the matrix has, or a new major line. Known uninstallable versions (versions.json
 * "notInstallable") are named with the reason; any other newer version gets a dry-run install to say whether it
 * installs here. Never fails the run: a registry that does not answer is one line too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CACHE_ROOT } from './config';
import versions from './versions.json';

type Version = [number, number, number];

const parse = (text: string): Version | undefined => {
	const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
	return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
};
const newer = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Per line (major) of the matrix and any higher major: the newest stable release in the registry, when the matrix has none as new. */
export function versionsBeyondMatrix(registry: string[], matrix: string[]): string[] {
	const stable = registry.map((text) => ({ text, version: parse(text) })).filter((v): v is { text: string; version: Version } => v.version !== undefined);
	const ours = matrix.map(parse).filter((v): v is Version => v !== undefined);
	const topMajor = Math.max(...ours.map((v) => v[0]));
	const newestOurs = (major: number) => ours.filter((v) => v[0] === major).sort(newer).at(-1);
	const majors = [...new Set(stable.map((v) => v.version[0]))].filter((major) => newestOurs(major) !== undefined || major > topMajor);
	return majors
		.sort((a, b) => a - b)
		.flatMap((major) => {
			const newest = stable.filter((v) => v.version[0] === major).sort((a, b) => newer(a.version, b.version)).at(-1);
			const ourNewest = newestOurs(major);
			return newest && (!ourNewest || newer(newest.version, ourNewest) > 0) ? [newest.text] : [];
		});
}

/** The one line, from the versions beyond the matrix and what is known or found about installing each. */
export function matrixLine(matrix: string[], beyond: string[], installs: (version: string) => string): string {
	if (beyond.length === 0) return `n8n versions: the matrix (${matrix.join(', ')}) has the newest release of each line in the registry`;
	return `n8n versions: the registry has ${beyond.map((version) => `${version} (${installs(version)})`).join(', ')}, beyond the matrix (${matrix.join(', ')}); tools/scripts/n8n/versions.json`;
}

/**
 * npm's resolution of n8n@version without installing anything (about 2 minutes on the 2-core machine), once per
 * machine: the outcome is kept in the n8n cache. Says it resolves, or npm's reason.
 */
export function dryRunInstall(version: string): string {
	const kept = join(CACHE_ROOT, `n8n-${version}.dry-run`);
	if (existsSync(kept)) return readFileSync(kept, 'utf8');
	const outcome = resolveOnce(version);
	if (!outcome.endsWith('timed out')) {
		mkdirSync(CACHE_ROOT, { recursive: true });
		writeFileSync(kept, outcome);
	}
	return outcome;
}

function resolveOnce(version: string): string {
	const dir = mkdtempSync(join(tmpdir(), 'invoicing-n8n-dry-run-'));
	try {
		writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'n8n-dry-run', private: true }));
		const result = spawnSync('npm', ['install', `n8n@${version}`, '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: dir,
			encoding: 'utf8',
			timeout: 240_000,
		});
		if (result.status === 0) return 'a dry-run install resolves: add it to "compat" and run npm test';
		const lines = `${result.stderr ?? ''}`.split('\n').map((line) => line.replace(/^npm (error|ERR!) /, '').trim());
		const reason = lines.find((line) => /No matching version|404/i.test(line)) ?? (result.error ? 'the dry run timed out' : lines.find(Boolean) ?? 'the dry run failed');
		return `does not install here: ${reason}`;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (require.main === module) {
	const matrix = [versions.default, ...versions.compat].sort((a, b) => newer(parse(a) ?? [0, 0, 0], parse(b) ?? [0, 0, 0]));
	const known: Record<string, string> = versions.notInstallable;
	const answer = spawnSync('npm', ['view', 'n8n', 'versions', '--json'], { encoding: 'utf8', timeout: 60_000 });
	let registry: string[] | undefined;
	try {
		registry = answer.status === 0 ? (JSON.parse(answer.stdout) as string[]) : undefined;
	} catch {
		registry = undefined;
	}
	if (!registry) console.log(`n8n versions: the npm registry did not answer (npm view n8n versions); the matrix stays ${matrix.join(', ')}`);
	else console.log(matrixLine(matrix, versionsBeyondMatrix(registry, matrix), (version) => (known[version] ? `does not install here: ${known[version]}` : dryRunInstall(version))));
}
