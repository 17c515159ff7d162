import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IRun,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { runUntilAccepted } from './refused-run';
import { createNodeTypes, INVOICING_TYPE, TRIGGER_TYPE } from './node-types';

export interface RunNodeOptions {
	parameters: INodeParameters;
	/** Input items; one empty item when omitted. */
	items?: IDataObject[];
	continueOnFail?: boolean;
	credentials: ICredentialDataDecryptedObject;
	/** The Invoicing E-Invoice Seller API credential chosen on the node (Export E-Invoice), if any. */
	seller?: ICredentialDataDecryptedObject;
	timezone?: string;
	/** n8n's Retry On Fail node setting. */
	retry?: { maxTries: number; waitBetweenTries: number };
	/** The n8n process that runs it: 0 (default) this one, another number another process (see createNodeTypes). */
	worker?: number;
	/** The saved credential's id (default: one per Base URL); the node keeps what it learns of a service by it. */
	credentialId?: string;
	/** The node's version (default 1, as every saved workflow before version 2 has it). */
	typeVersion?: number;
}

export interface NodeRunResult {
	/** Output items of the Invoicing node (json, and `error` for items that failed under Continue On Fail). */
	items: INodeExecutionData[];
	/** The error that stopped the run, if any. */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
}

const NODE_NAME = 'Invoicing';
const TRIGGER_NAME = 'Invoicing Trigger';
const BASE = 'http://127.0.0.1:5678';
const SELLER_CREDENTIAL_ID = 'seller-credential';

/** What n8n hands the engine besides the workflow: the credentials helper, the hooks, real-looking URLs. */
export function additionalData(helper: TestCredentialsHelper, hooks: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	const unused = () => {
		throw new Error('not used by the engine tests');
	};
	return {
		credentialsHelper: helper,
		hooks,
		executeWorkflow: unused,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: unused,
		logAiEvent: () => undefined,
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${BASE}/rest`,
		instanceBaseUrl: `${BASE}/`,
		formBaseUrl: `${BASE}/form`,
		formWaitingBaseUrl: `${BASE}/form-waiting`,
		formTestBaseUrl: `${BASE}/form-test`,
		webhookBaseUrl: `${BASE}/webhook`,
		webhookWaitingBaseUrl: `${BASE}/webhook-waiting`,
		webhookTestBaseUrl: `${BASE}/webhook-test`,
		mcpBaseUrl: `${BASE}/mcp`,
		mcpTestBaseUrl: `${BASE}/mcp-test`,
		userId: 'engine-test',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface TestWorkflow {
	workflow: Workflow;
	workflowData: IWorkflowBase;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
}

let executions = 0;

/**
 * A workflow holding one node of the package, and the execution context n8n would give it: the Invoicing node
 * (a manual run through WorkflowExecute) or the Invoicing Trigger (published; its parameters stored with their
 * defaults filled in, as n8n stores them). The one way tests build the workflow a node runs in.
 */
export function createTestWorkflow(options: Omit<RunNodeOptions, 'items'>, kind: 'action' | 'trigger' = 'action'): TestWorkflow {
	const trigger = kind === 'trigger';
	const nodeTypes = createNodeTypes(options.worker);
	// one credential per service, as n8n gives each saved credential an id of its own
	const credentialId = options.credentialId ?? `cred-${String(options.credentials.baseUrl ?? '')}`;
	const type = trigger ? TRIGGER_TYPE : INVOICING_TYPE;
	const node: INode = {
		id: trigger ? 'c1d2e3f4-0000-4000-8000-000000000010' : 'b7a8e2de-0000-4000-8000-000000000001',
		name: trigger ? TRIGGER_NAME : NODE_NAME,
		type,
		typeVersion: trigger ? 1 : (options.typeVersion ?? 1),
		position: [0, 0],
		parameters: options.parameters,
		credentials: {
			invoicingApi: { id: credentialId, name: 'Invoicing account' },
			...(options.seller ? { invoicingSellerApi: { id: SELLER_CREDENTIAL_ID, name: 'Seller' } } : {}),
		},
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.retry ? { retryOnFail: true, ...options.retry } : {}),
	};
	if (trigger) {
		const { description } = nodeTypes.getByNameAndVersion(type, 1);
		node.parameters = NodeHelpers.getNodeParameters(description.properties, options.parameters, true, false, node, description) ?? {};
	}
	const workflowData: IWorkflowBase = {
		id: trigger ? 'trigger-test' : 'engine-test',
		name: trigger ? 'trigger test' : 'engine test',
		active: trigger,
		isArchived: false,
		nodes: [node],
		connections: {},
		settings: { timezone: options.timezone ?? 'UTC' },
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: [node],
		connections: {},
		active: trigger,
		nodeTypes,
		settings: workflowData.settings,
	});
	const helper = new TestCredentialsHelper({ [credentialId]: options.credentials, ...(options.seller ? { [SELLER_CREDENTIAL_ID]: options.seller } : {}) });
	// an id of its own per execution, as n8n gives: runs at once in this process (the scenarios) share nothing
	const executionId = `engine-test-execution-${++executions}`;
	const hooks = trigger ? new ExecutionLifecycleHooks('trigger', 'poll', workflowData) : new ExecutionLifecycleHooks('manual', executionId, workflowData);
	return { workflow, workflowData, node, additionalData: trigger ? additionalData(helper, hooks) : { ...additionalData(helper, hooks), executionId } };
}

/**
 * Runs the Invoicing node through n8n-core's WorkflowExecute, fed the given items, with a real credential. A run
 * n8n refused before it started (its 250 ms pattern check timed out on starved cores: nothing sent, no item) runs
 * again, as the user would (see refused-run.ts); any other outcome is the run's.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	return await runUntilAccepted(() => runNodeOnce(options));
}

/** One run of the Invoicing node, as n8n starts it, whatever the outcome (a refusal included). */
export async function runNodeOnce(options: RunNodeOptions): Promise<NodeRunResult> {
	const { workflow, node, additionalData: data } = createTestWorkflow(options);
	const items = (options.items ?? [{}]).map((json) => ({ json }));
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});
	let run: IRun;
	try {
		run = await new WorkflowExecute(data, 'manual', runData).processRunExecutionData(workflow);
	} catch (error) {
		// n8n refuses a workflow with issues (a required parameter left empty) before any node runs
		return { items: [], error: error as NodeRunResult['error'] };
	}
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: (run.data.resultData.error ?? task?.error) as NodeRunResult['error'],
	};
}
