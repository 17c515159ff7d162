import { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeListSearchResult } from 'n8n-workflow';

import { Invoicing } from '../../../nodes/Invoicing/Invoicing.node';
import { createTestWorkflow } from './run-node';

type SearchMethod = keyof Invoicing['methods']['listSearch'];

/** Calls a listSearch method the way the editor does: in n8n-core's LoadOptionsContext for that parameter. */
export async function searchList(
	method: SearchMethod,
	credentials: ICredentialDataDecryptedObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { workflow, node, additionalData } = createTestWorkflow({ parameters: { resource: 'invoice', operation: 'get' }, credentials });
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters.invoiceId');
	return await new Invoicing().methods.listSearch[method].call(context, filter);
}
