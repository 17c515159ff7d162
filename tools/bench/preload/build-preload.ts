import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';

/** The preload transpiled to CommonJS in a temporary folder (n8n runs on Node 24 without ts-node); returns its path. */
export function buildPreload(): string {
	const source = readFileSync(join(__dirname, 'expression-counter.ts'), 'utf8');
	const { outputText } = transpileModule(source, { compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 } });
	const file = join(mkdtempSync(join(tmpdir(), 'invoicing-bench-preload-')), 'expression-counter.js');
	writeFileSync(file, outputText);
	return file;
}
