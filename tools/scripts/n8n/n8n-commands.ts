import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8N_MAJOR } from './config';
import type { WorkflowFile } from './workflows';

/** The n8n commands the harness runs, as command lines after `n8n` (N8nCli starts n8n per command, ResidentN8n once), and what `execute` prints. */

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, string>;
}

/** `n8n import:credentials` of these credentials (written to a file in the user folder): its command line after `n8n`. */
export function importCredentialsArgs(userFolder: string, credentials: CredentialFile[]): string[] {
	const file = join(userFolder, 'credentials.json');
	writeFileSync(file, JSON.stringify(credentials));
	return ['import:credentials', `--input=${file}`];
}

/** `n8n import:workflow` of these workflows (written to a folder in the user folder): its command line after `n8n`. */
export function importWorkflowsArgs(userFolder: string, workflows: WorkflowFile[]): string[] {
	const dir = join(userFolder, 'import');
	mkdirSync(dir, { recursive: true });
	for (const workflow of workflows) writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow));
	return ['import:workflow', '--separate', `--input=${dir}`];
}

/** N8nCli.publishWorkflow's command line after `n8n`. */
export function publishWorkflowArgs(workflowId: string): string[] {
	return N8N_MAJOR < 2 ? ['update:workflow', `--id=${workflowId}`, '--active=true'] : ['publish:workflow', `--id=${workflowId}`];
}

/** One run of one node: its output by connection (main, ai_tool, ...), error, and when it started and how long it took (ms). */
export interface TaskRun {
	startTime?: number;
	executionTime?: number;
	data?: Record<string, Array<Array<{ json: Record<string, unknown> }> | null>>;
	error?: { message: string };
}

export interface RunResult {
	status: string;
	data: { resultData: { runData: Record<string, TaskRun[]>; error?: { message: string } } };
}
