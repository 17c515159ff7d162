import { DirectoryLoader } from 'n8n-core';
import type { INodeType, INodeTypes, IVersionedNodeType, KnownNodesAndCredentials } from 'n8n-workflow';

import { Invoicing } from '../../../nodes/Invoicing/Invoicing.node';
import { InvoicingTrigger } from '../../../nodes/InvoicingTrigger/InvoicingTrigger.node';

export const INVOICING_TYPE = 'n8n-nodes-invoicing.invoicing';
export const TRIGGER_TYPE = 'n8n-nodes-invoicing.invoicingTrigger';

let shared: INodeTypes | undefined;

/** The node types a test workflow uses, prepared once per process as n8n's loader prepares them. */
export function createNodeTypes(): INodeTypes {
	shared ??= loadNodeTypes();
	return shared;
}

function loadNodeTypes(): INodeTypes {
	const invoicing = new Invoicing();
	// n8n's loader adds "Request Options" (batching, timeout, ...) to declarative nodes; without it the engine ignores them
	DirectoryLoader.applyDeclarativeNodeOptionParameters(invoicing);
	const trigger = new InvoicingTrigger();
	// and "Poll Times" to polling nodes: the loader's own method (it uses no loader state), so tests see exactly what n8n adds
	(DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(type: INodeType): void }).applySpecialNodeParameters(trigger);
	const types: Record<string, INodeType> = { [INVOICING_TYPE]: invoicing, [TRIGGER_TYPE]: trigger };
	const get = (name: string): INodeType => {
		const type = types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	};
	return {
		getByName: (name: string): INodeType | IVersionedNodeType => get(name),
		getByNameAndVersion: (name: string) => get(name),
		getKnownTypes: (): KnownNodesAndCredentials['nodes'] => ({}),
	};
}
