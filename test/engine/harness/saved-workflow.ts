import { DirectoryLoader, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
	type IWorkflowBase,
	type KnownNodesAndCredentials,
} from 'n8n-workflow';

import { Invoicing } from '../../../nodes/Invoicing/Invoicing.node';
import { TestCredentialsHelper } from './credentials-helper';
import { CORPUS_SELLER } from './corpus';
import { INVOICING_TYPE } from './node-types';
import { additionalData } from './run-node';

export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

/** n8n's Manual Trigger as far as a manual run needs it: it hands on the one empty item it is started with. */
class ManualTrigger implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		defaults: { name: "When clicking 'Execute workflow'" },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/** The node types of a saved workflow: the Invoicing node as n8n's loader prepares it (every version it declares), and the trigger. */
export function savedWorkflowNodeTypes(): INodeTypes {
	const invoicing = new Invoicing();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(invoicing);
	const types: Record<string, INodeType> = { [INVOICING_TYPE]: invoicing, [MANUAL_TRIGGER_TYPE]: new ManualTrigger() };
	const get = (name: string, version?: number): INodeType => {
		const type = types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		const versions = ([] as number[]).concat(type.description.version);
		if (version !== undefined && !versions.includes(version)) throw new Error(`${name} has no version ${version} (it has ${versions.join(', ')})`);
		return type;
	};
	return {
		getByName: (name: string): INodeType | IVersionedNodeType => get(name),
		getByNameAndVersion: (name: string, version?: number) => get(name, version),
		getKnownTypes: (): KnownNodesAndCredentials['nodes'] => ({}),
	};
}

export interface SavedWorkflowRun {
	/** The error that stopped the run (n8n refusing the workflow, or a node failing), if any. */
	error?: string;
	/** Output items (json) of each node that ran, by node name; a node that failed gives its error message. */
	nodes: Record<string, IDataObject[] | { error: string }>;
}

/**
 * Runs a workflow as saved by n8n (its JSON file) the way the editor's "Execute workflow" does: from its
 * Manual Trigger, through n8n-core's WorkflowExecute, with each credential the workflow names given `credentials`.
 */
export async function runSavedWorkflow(saved: IWorkflowBase, credentials: ICredentialDataDecryptedObject): Promise<SavedWorkflowRun> {
	const nodeTypes = savedWorkflowNodeTypes();
	const workflow = new Workflow({
		id: 'corpus',
		name: saved.name,
		nodes: saved.nodes,
		connections: saved.connections,
		active: false,
		nodeTypes,
		settings: saved.settings,
	});
	const credentialIds = saved.nodes.flatMap((node) => Object.values(node.credentials ?? {}).map((c) => c.id ?? ''));
	const helper = new TestCredentialsHelper(Object.fromEntries(credentialIds.map((id) => [id, id === CORPUS_SELLER.id ? CORPUS_SELLER.data : credentials])));
	const workflowData = { ...saved, id: 'corpus', createdAt: new Date(), updatedAt: new Date() } as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('manual', 'corpus-execution', workflowData);
	const trigger = saved.nodes.find((node) => node.type === MANUAL_TRIGGER_TYPE);
	if (!trigger) throw new Error(`${saved.name}: no Manual Trigger to start from`);
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: trigger, data: { main: [[{ json: {} }]] }, source: null }] },
	});
	try {
		const run = await new WorkflowExecute(additionalData(helper, hooks), 'manual', runData).processRunExecutionData(workflow);
		const nodes: SavedWorkflowRun['nodes'] = {};
		for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
			const task = tasks[0];
			nodes[name] = task.error ? { error: task.error.message } : (task.data?.main?.[0] ?? []).map((item) => item.json);
		}
		return { error: run.data.resultData.error?.message, nodes };
	} catch (error) {
		// n8n refuses a workflow with issues (a parameter it does not know how to show, a required one missing) before any node runs
		const issues = (error as { description?: unknown }).description;
		return { error: `${(error as Error).message}${issues ? ` ${JSON.stringify(issues)}` : ''}`, nodes: {} };
	}
}
