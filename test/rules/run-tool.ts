import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** jest sets NODE_ENV=test, in which eslint-plugin-n8n-nodes-base checks file names as in its own tests. */
const TOOL_ENV = { ...process.env, NODE_ENV: 'production' };

export interface ScanVerdict {
	passed: boolean;
	message: string;
	details: string;
}

/** n8n's community-package scanner on a folder (in a child process: the scanner is an ES module). */
export function scan(dir: string, source = false): ScanVerdict {
	const args = [join(ROOT, 'tools', 'scripts', 'scan-package.mjs'), dir, ...(source ? ['--source'] : [])];
	const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: TOOL_ENV });
	if (result.status !== 0) throw new Error(`scanner failed: ${result.stderr}`);
	return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ScanVerdict;
}

export interface LintMessage {
	ruleId: string | null;
	message: string;
	line: number;
}

/** eslint with a given config over files, as `n8n-node lint` runs it; the problems found, per file. */
export function lint(cwd: string, files: string[]): Array<{ filePath: string; messages: LintMessage[] }> {
	const eslint = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
	const result = spawnSync(process.execPath, [eslint, '--format', 'json', ...files], { cwd, encoding: 'utf8', env: TOOL_ENV });
	if (result.stdout.trim() === '') throw new Error(`eslint printed nothing: ${result.stderr}`);
	return JSON.parse(result.stdout) as Array<{ filePath: string; messages: LintMessage[] }>;
}

/** The rule settings eslint applies to one file (`--print-config`), with the project's lint flags. */
export function lintRules(file: string): Record<string, unknown[]> {
	const eslint = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
	const result = spawnSync(process.execPath, [eslint, '--print-config', file], { cwd: ROOT, encoding: 'utf8', env: { ...TOOL_ENV, ESLINT_FLAGS: LINT_FLAG } });
	return (JSON.parse(result.stdout) as { rules: Record<string, unknown[]> }).rules;
}

/** The flag `npm run lint` (tools/scripts/lint.js) gives eslint: each file's nearest eslint.config.mjs. */
export const LINT_FLAG = 'unstable_config_lookup_from_file';

/** `npm run lint`: tools/scripts/lint.js, `n8n-node lint` with the per-folder config lookup on. */
export function npmRunLint(): { status: number | null; output: string } {
	const result = spawnSync(process.execPath, [join(ROOT, 'tools', 'scripts', 'lint.js')], { cwd: ROOT, encoding: 'utf8', env: { ...TOOL_ENV, FORCE_COLOR: '0', NO_COLOR: '1' } });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `n8n-node lint` in a project folder (n8n's own lint command: strict-mode config check, then `eslint .`). */
export function n8nNodeLint(cwd: string, env: NodeJS.ProcessEnv = {}): { status: number | null; output: string } {
	const cli = join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
	const result = spawnSync(process.execPath, [cli, 'lint'], { cwd, encoding: 'utf8', env: { ...TOOL_ENV, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
