import { PollContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeExecutionData, INodeParameters, IWorkflowExecuteAdditionalData, Workflow, WorkflowExecuteMode } from 'n8n-workflow';

import type { InvoicingTrigger } from '../../../nodes/InvoicingTrigger/InvoicingTrigger.node';
import { TRIGGER_TYPE } from './node-types';
import { createTestWorkflow } from './run-node';

export interface TriggerOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	timezone?: string;
	/** The saved credential's id (default: one per Base URL). */
	credentialId?: string;
}

/**
 * A published workflow holding the Invoicing Trigger (built as runNode builds the action node's): each `poll()`
 * is one poll as n8n runs it, with n8n-core's PollContext.
 */
export class TriggerUnderTest {
	readonly workflow: Workflow;
	private readonly trigger: InvoicingTrigger;
	private readonly node: INode;
	private readonly data: IWorkflowExecuteAdditionalData;

	constructor(options: TriggerOptions) {
		const built = createTestWorkflow(options, 'trigger');
		this.workflow = built.workflow;
		this.node = built.node;
		this.data = built.additionalData;
		this.trigger = this.workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE, 1) as InvoicingTrigger;
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
