import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');
const SANDBOX_CLI = join(ROOT, 'tools', 'sandbox', 'cli.ts');

/** The TypeScript file a relative import of `from` names (a file, or a folder's index). */
function resolveImport(from: string, spec: string): string {
	const base = join(dirname(from), spec);
	for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
	throw new Error(`${relative(ROOT, from)} imports ${spec}: no such TypeScript file`);
}

/**
 * The sandbox (and the project files it imports) as plain JavaScript in a temporary folder: it then starts in a
 * fraction of a second, where ts-node takes seconds (over a minute on a machine whose cores are all busy), so a
 * restart is a restart and not a compile. Packages resolve from the project's node_modules (NODE_PATH).
 */
export function compileSandbox(): { cli: string; remove: () => void } {
	const out = mkdtempSync(join(tmpdir(), 'invoicing-sandbox-js-'));
	const queue = [SANDBOX_CLI];
	const done = new Set<string>();
	while (queue.length > 0) {
		const file = queue.pop() as string;
		if (done.has(file)) continue;
		done.add(file);
		const { outputText } = transpileModule(readFileSync(file, 'utf8'), {
			compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022, esModuleInterop: true },
			fileName: file,
		});
		for (const [, spec] of outputText.matchAll(/require\("(\.{1,2}\/[^"]*)"\)/g)) queue.push(resolveImport(file, spec));
		const target = join(out, relative(ROOT, file)).replace(/\.ts$/, '.js');
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, outputText);
	}
	return { cli: join(out, relative(ROOT, SANDBOX_CLI)).replace(/\.ts$/, '.js'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** A sandbox in its own process (`cli` from compileSandbox, then the CLI's options); resolves once it listens. */
export function startSandboxProcess(cli: string, args: string[]): { process: ChildProcess; url: Promise<string> } {
	const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') } });
	const url = new Promise<string>((resolve, reject) => {
		child.stdout?.on('data', (chunk: Buffer) => {
			const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
			if (match) resolve(match[0]);
		});
		child.once('exit', (code, signal) => reject(new Error(`sandbox exited (${code ?? signal}) before it listened`)));
	});
	return { process: child, url };
}
