import { CREDENTIAL_ID, CREDENTIAL_NAME, PACKAGE_NAME } from './config';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/**
 * The examples and tests carry the published types (n8n-nodes-invoicing.*), which is what n8n names the package's
 * nodes when it is installed as users install it; a package node without an Invoicing credential gets the one
 * the harness imported (one that names its own, e.g. the bench's second service, keeps it).
 */
export function withHarnessCredential(workflow: WorkflowFile): WorkflowFile {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type.startsWith(`${PACKAGE_NAME}.`) && !node.credentials?.invoicingApi
				? { ...node, credentials: { ...node.credentials, invoicingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } } }
				: node,
		),
	};
}

/** Where the CSV example reads and writes, as shipped (the home folder of n8n's Docker image). */
export const TEMPLATE_DATA_DIR = '/home/node/.n8n-files/invoicing';

/** The same workflow reading and writing its files in `dir` instead. */
export function withDataDir(workflow: WorkflowFile, dir: string): WorkflowFile {
	return JSON.parse(JSON.stringify(workflow).split(TEMPLATE_DATA_DIR).join(dir)) as WorkflowFile;
}

/**
 * The examples as n8n's workflow list shows them in order 1, 2, ... 9: the list sorts by last update, newest
 * first, and one import gives every workflow the same moment (they came out in any order: 8, 2, 5, 1, ...). Each
 * gets its own, a minute apart, the first example the newest; n8n keeps the dates a file carries.
 */
export function listedInOrder(workflows: WorkflowFile[], newest = new Date('2026-01-01T12:00:00.000Z')): WorkflowFile[] {
	return workflows.map((workflow, index) => {
		const at = new Date(newest.getTime() - index * 60_000).toISOString();
		return { ...workflow, createdAt: at, updatedAt: at };
	});
}
