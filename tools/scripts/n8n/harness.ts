import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CREDENTIAL_ID, CREDENTIAL_NAME, REPO_ROOT } from './config';
import { ensureN8n } from './ensure-n8n';
import { N8nCli, type CredentialFile } from './n8n-cli';
import { buildTarball, installTarball } from './pack';
import type { ResidentN8n } from './resident';
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

export interface N8nSetupOptions {
	baseUrl: string;
	apiKey?: string;
	workflows: WorkflowFile[];
	userFolder?: string;
	env?: NodeJS.ProcessEnv;
	/** The checkout whose package is built and loaded; this one by default. */
	packageDir?: string;
	/** More credentials to import beside the Invoicing one (same CLI start). */
	extraCredentials?: CredentialFile[];
}

/** A user folder with this package installed from its npm tarball, and the credentials the options name. */
async function prepareUserFolder(options: N8nSetupOptions): Promise<{ userFolder: string; credentials: CredentialFile[] }> {
	await ensureN8n();
	const userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'invoicing-n8n-'));
	await installTarball(await buildTarball(options.packageDir), userFolder);
	const credentials = [
		{
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			type: 'invoicingApi',
			data: { baseUrl: options.baseUrl, apiKey: options.apiKey ?? '', headerName: 'Authorization' },
		},
		...(options.extraCredentials ?? []),
	];
	return { userFolder, credentials };
}

/**
 * A real n8n with this package loaded from its npm tarball, a credential pointing at the given service,
 * and the given workflows imported.
 */
export async function setUpN8n(options: N8nSetupOptions): Promise<N8nSetup> {
	const { userFolder, credentials } = await prepareUserFolder(options);
	const cli = new N8nCli(userFolder, options.env);
	await cli.importCredentials(credentials);
	await cli.importWorkflows(options.workflows.map(withHarnessCredential));
	return { cli, userFolder };
}

/**
 * What setUpN8n sets up, with n8n's CLI started once (ResidentN8n) for the imports and every `execute` after them:
 * one n8n start-up instead of one per command. Stop `n8n` when done.
 */
export async function startResidentN8n(options: N8nSetupOptions): Promise<N8nSetup & { n8n: ResidentN8n }> {
	const { userFolder, credentials } = await prepareUserFolder(options);
	const cli = new N8nCli(userFolder, options.env);
	const n8n = cli.resident();
	try {
		await n8n.importCredentials(credentials);
		await n8n.importWorkflows(options.workflows.map(withHarnessCredential));
	} catch (error) {
		await n8n.stop();
		throw error;
	}
	return { cli, userFolder, n8n };
}
