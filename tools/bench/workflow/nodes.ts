import type { WorkflowNode } from '../../scripts/n8n/workflows';

let counter = 0;

/** A workflow node with a fresh id; positions are left to n8n's canvas (they do not matter headless). */
export function workflowNode(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, credentials?: WorkflowNode['credentials']): WorkflowNode {
	counter += 1;
	return { id: `bench-${counter}`, name, type, typeVersion, position: [counter * 200, 0], parameters, ...(credentials ? { credentials } : {}) };
}

/** A resource locator given "By ID", e.g. from an expression. */
export function byId(value: string): Record<string, unknown> {
	return { __rl: true, mode: 'id', value };
}

/** A Code node that ignores its input and returns these items (not timed: it only feeds a contender). */
export function codeNode(name: string, jsCode: string): WorkflowNode {
	return workflowNode(name, 'n8n-nodes-base.code', 2, { jsCode });
}
