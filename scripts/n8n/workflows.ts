import { CREDENTIAL_ID, CREDENTIAL_NAME, CUSTOM_PREFIX, PACKAGE_NAME } from './config';

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
 * The examples carry the published type (n8n-nodes-invoicing.invoicing); n8n's custom-folder loader names the
 * same node CUSTOM.invoicing, so a harness that loads through that folder maps the type, and the credential
 * reference, to what it imported.
 */
export function forCustomFolder(workflow: WorkflowFile): WorkflowFile {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type.startsWith(`${PACKAGE_NAME}.`)
				? {
						...node,
						type: `${CUSTOM_PREFIX}.${node.type.slice(PACKAGE_NAME.length + 1)}`,
						credentials: { invoicingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
					}
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
