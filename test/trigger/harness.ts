import { DirectoryLoader, ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type KnownNodesAndCredentials,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';
import { TestCredentialsHelper } from '../engine/harness/credentials-helper';
import { additionalData } from '../engine/harness/run-node';

export const TRIGGER_TYPE = 'n8n-nodes-invoicing.invoicingTrigger';

/** The trigger prepared as n8n's loader prepares a polling node (it adds "Poll Times"). */
function nodeTypes(): INodeTypes {
	const trigger = new InvoicingTrigger();
	// the loader's own method (it uses no loader state), so the test sees exactly the parameters n8n adds
	(DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(type: INodeType): void }).applySpecialNodeParameters(trigger);
	const get = (name: string): INodeType => {
		if (name !== TRIGGER_TYPE) throw new Error(`Unknown node type ${name}`);
		return trigger;
	};
	return {
		getByName: (name: string): INodeType | IVersionedNodeType => get(name),
		getByNameAndVersion: (name: string) => get(name),
		getKnownTypes: (): KnownNodesAndCredentials['nodes'] => ({}),
	};
}

export interface TriggerOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	timezone?: string;
}

/** A published workflow holding the trigger: each `poll()` is one poll as n8n runs it, with n8n-core's PollContext. */
export class TriggerUnderTest {
	readonly workflow: Workflow;
	private readonly trigger: InvoicingTrigger;
	private readonly node: INode;
	private readonly data: IWorkflowExecuteAdditionalData;

	constructor(options: TriggerOptions) {
		const types = nodeTypes();
		const trigger = types.getByName(TRIGGER_TYPE) as InvoicingTrigger;
		this.trigger = trigger;
		const node: INode = {
			id: 'c1d2e3f4-0000-4000-8000-000000000010',
			name: 'Invoicing Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
			credentials: { invoicingApi: { id: 'cred-1', name: 'Invoicing account' } },
		};
		// the parameters as n8n stores them: defaults filled in
		node.parameters = NodeHelpers.getNodeParameters(trigger.description.properties, options.parameters, true, false, node, trigger.description) ?? {};
		this.node = node;
		const settings = { timezone: options.timezone ?? 'UTC' };
		this.workflow = new Workflow({ id: 'trigger-test', name: 'trigger test', nodes: [node], connections: {}, active: true, nodeTypes: types, settings });
		const workflowData = { id: 'trigger-test', name: 'trigger test', nodes: [node], connections: {}, settings } as unknown as IWorkflowBase;
		this.data = additionalData(new TestCredentialsHelper({ 'cred-1': options.credentials }), new ExecutionLifecycleHooks('trigger', 'poll', workflowData));
	}

	/** One poll; `manual` is the editor's "Fetch Test Event". */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<INodeExecutionData[][] | null> {
		const context = new PollContext(this.workflow, this.node, this.data, mode, 'activate');
		return await this.trigger.poll.call(context);
	}

	/** The items of one poll (none when it returned null). */
	async items(mode: WorkflowExecuteMode = 'trigger'): Promise<IDataObject[]> {
		return ((await this.poll(mode))?.[0] ?? []).map((item) => item.json);
	}

	/** The node's static data, where the trigger keeps its state. */
	staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}
}
