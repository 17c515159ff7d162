import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CREDENTIAL_ID, CREDENTIAL_NAME, REPO_ROOT } from './config';
import { ensureN8n } from './ensure-n8n';
import { N8nCli, type CredentialFile } from './n8n-cli';
import { buildTarball, installTarball } from './pack';
import { withHarnessCredential, type WorkflowFile } from './workflows';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export function readExample(fileName: string): WorkflowFile {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, fileName), 'utf8')) as WorkflowFile;
}

export function exampleFiles(): string[] {
	return readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json')).sort();
}

/**
 * The examples' input files (examples/data: the sheet of example 3, the bank export of example 7) copied into
 * `dataDir`, where the examples read them; `keepExisting` leaves a file the user already has (npm start).
 */
export function copyExampleData(dataDir: string, options: { keepExisting?: boolean } = {}): void {
	const source = join(EXAMPLES_DIR, 'data');
	for (const name of readdirSync(source)) {
		if (options.keepExisting && existsSync(join(dataDir, name))) continue;
		copyFileSync(join(source, name), join(dataDir, name));
	}
}

export interface N8nSetup {
	cli: N8nCli;
	userFolder: string;
}

/**
 * A real n8n with this package loaded from its npm tarball, a credential pointing at the given service,
 * and the given workflows imported.
 */
export async function setUpN8n(options: {
	baseUrl: string;
	apiKey?: string;
	workflows: WorkflowFile[];
	userFolder?: string;
	env?: NodeJS.ProcessEnv;
	/** The checkout whose package is built and loaded; this one by default. */
	packageDir?: string;
	/** More credentials to import beside the Invoicing one (same CLI start). */
	extraCredentials?: CredentialFile[];
}): Promise<N8nSetup> {
	await ensureN8n();
	const userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'invoicing-n8n-'));
	await installTarball(await buildTarball(options.packageDir), userFolder);
	const cli = new N8nCli(userFolder, options.env);
	await cli.importCredentials([
		{
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			type: 'invoicingApi',
			data: { baseUrl: options.baseUrl, apiKey: options.apiKey ?? '', headerName: 'Authorization' },
		},
		...(options.extraCredentials ?? []),
	]);
	await cli.importWorkflows(options.workflows.map(withHarnessCredential));
	return { cli, userFolder };
}
