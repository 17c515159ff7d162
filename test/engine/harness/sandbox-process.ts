/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';

/** The sandbox's sources (it imports nothing but Node's own modules). */
const SANDBOX_DIR = join(__dirname, '..', '..', '..', 'tools', 'sandbox');

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? tsFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
	);
}

/**
 * The sandbox as plain JavaScript in a temporary folder: it then starts in a fraction of a second, where ts-node
 * takes seconds (minutes on a machine whose cores are all busy), so a restart is a restart and not a compile.
 */
export function compileSandbox(): { cli: string; remove: () => void } {
	const out = mkdtempSync(join(tmpdir(), 'invoicing-sandbox-js-'));
	for (const file of tsFiles(SANDBOX_DIR)) {
		const { outputText } = transpileModule(readFileSync(file, 'utf8'), {
			compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022, esModuleInterop: true },
			fileName: file,
		});
		const target = join(out, relative(SANDBOX_DIR, file)).replace(/\.ts$/, '.js');
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, outputText);
	}
	return { cli: join(out, 'cli.js'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** A sandbox in its own process (`cli` from compileSandbox, then the CLI's options); resolves once it listens. */
export function startSandboxProcess(cli: string, args: string[]): { process: ChildProcess; url: Promise<string> } {
	const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
	const url = new Promise<string>((resolve, reject) => {
		child.stdout?.on('data', (chunk: Buffer) => {
			const match = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(chunk.toString());
			if (match) resolve(match[0]);
		});
		child.once('exit', (code, signal) => reject(new Error(`sandbox exited (${code ?? signal}) before it listened`)));
	});
	return { process: child, url };
}
