import { DirectoryLoader } from 'n8n-core';
import type { INodeType, INodeTypes, IVersionedNodeType, KnownNodesAndCredentials } from 'n8n-workflow';

import { Invoicing } from '../../../nodes/Invoicing/Invoicing.node';
import { forgetRecentReads } from '../../../nodes/Invoicing/helpers/request/recent-reads';
import { InvoicingTrigger } from '../../../nodes/InvoicingTrigger/InvoicingTrigger.node';

export const INVOICING_TYPE = 'n8n-nodes-invoicing.invoicing';
export const TRIGGER_TYPE = 'n8n-nodes-invoicing.invoicingTrigger';

const loaded = new Map<number, INodeTypes>();

/** Each loaded package's memory of recent reads (nodes/Invoicing/helpers/request/recent-reads), by process. */
const memories = new Map<number, () => void>([[0, forgetRecentReads]]);

/**
 * Empties every process's memory of recent reads: a sandbox emptied between tests gives the same ids to new
 * records, which a real service never does, so a record remembered by the last test must not serve the next.
 */
export function forgetRecentReadsOfEveryProcess(): void {
	for (const forget of memories.values()) forget();
}

/**
 * The node types a test workflow uses, prepared once per process as n8n's loader prepares them. `worker` 0 is
 * this process; any other number stands for another n8n process (a queue worker): the package's modules are
 * loaded again for it, so it shares no memory (turns on keys, runs' lists) with the others, only n8n-workflow,
 * which every n8n process has its own copy of but which must be the engine's here for its error classes.
 */
export function createNodeTypes(worker = 0): INodeTypes {
	let types = loaded.get(worker);
	if (!types) {
		types = loadNodeTypes(worker === 0 ? new Invoicing() : invoicingOfAnotherProcess(worker));
		loaded.set(worker, types);
	}
	return types;
}

function invoicingOfAnotherProcess(worker: number): Invoicing {
	const workflow = require('n8n-workflow') as object;
	let fresh: { Invoicing: typeof Invoicing } | undefined;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		fresh = require('../../../nodes/Invoicing/Invoicing.node') as { Invoicing: typeof Invoicing };
		const memory = require('../../../nodes/Invoicing/helpers/request/recent-reads') as { forgetRecentReads: () => void };
		memories.set(worker, memory.forgetRecentReads);
	});
	if (!fresh) throw new Error('The Invoicing node could not be loaded again');
	return new fresh.Invoicing();
}

function loadNodeTypes(invoicing: Invoicing): INodeTypes {
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
