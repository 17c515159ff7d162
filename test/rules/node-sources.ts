import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The project's root, and its nodes' TypeScript files. */
export const ROOT = join(__dirname, '..', '..');

/** The .ts files below `dir`, leaving out the folders `skip` names. */
export function sources(dir: string, skip: string[] = []): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return skip.includes(path) ? [] : sources(path, skip);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Every nodes/ source file besides those below the folders `skip` names (absolute paths). */
export const nodeSources = (skip: string[] = []): string[] => sources(join(ROOT, 'nodes'), skip.map((dir) => dir.replace(new RegExp(`${sep}$`), '')));

/** `path:line: text` of each line of these files the pattern finds. */
export function linesMatching(files: string[], pattern: RegExp): string[] {
	return files.flatMap((file) =>
		readFileSync(file, 'utf8')
			.split('\n')
			.flatMap((line, index) => (pattern.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
	);
}
