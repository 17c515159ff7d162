import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { copyProjectForBuild } from './project-copy';

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(dir, join(entry.parentPath, entry.name)))
		.sort();
}

function build(command: string, args: string[]): string {
	const project = copyProjectForBuild();
	const result = spawnSync(command, args, { cwd: project, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
	return join(project, 'dist');
}

let npmDist: string;
let cliDist: string;

beforeAll(() => {
	npmDist = build('npm', ['run', 'build', '--silent']);
	cliDist = build(join('node_modules', '.bin', 'n8n-node'), ['build']);
}, 120_000);

describe("the build (npm run build) and n8n's (n8n-node build)", () => {
	test('npm run build compiles only nodes/ and credentials/, with the icons and the codex beside the node', () => {
		const files = filesUnder(npmDist);
		expect(files.every((file) => file.startsWith('nodes/') || file.startsWith('credentials/'))).toBe(true);
		expect(files).toEqual(
			expect.arrayContaining([
				'credentials/InvoicingApi.credentials.js',
				'nodes/Invoicing/Invoicing.node.js',
				'nodes/Invoicing/Invoicing.node.json',
				'nodes/Invoicing/invoicing.svg',
				'nodes/Invoicing/invoicing.dark.svg',
			]),
		);
	});

	test('n8n-node build yields the same dist/, file for file and byte for byte', () => {
		const files = filesUnder(npmDist);
		expect(filesUnder(cliDist)).toEqual(files);
		const differing = files.filter((file) => !readFileSync(join(npmDist, file)).equals(readFileSync(join(cliDist, file))));
		expect(differing).toEqual([]);
	});
});
