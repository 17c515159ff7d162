import { PACKAGE_NAME } from '../../scripts/n8n/config';
import type { WorkflowNode } from '../../scripts/n8n/workflows';
import { PAYMENT_STATUS, TAX_RATE, UPDATE_NOTE, type ScenarioId } from '../scenarios';
import { LIST_INVOICING, MAIN_INVOICING } from './credentials';
import { byId, workflowNode } from './nodes';

/**
 * Parameter names of the build under test: `current` (each name declared once; the client of a create and
 * of Update Fields is `client`) or `legacy` (b7f793c and before: that client is `clientId`).
 */
export type ParameterLayout = 'current' | 'legacy';

function createParameters(clientName: string): Record<string, unknown> {
	return {
		resource: 'invoice',
		operation: 'create',
		[clientName]: byId('={{ $json.client }}'),
		invoiceNo: '={{ $json.invoice_no }}',
		paymentStatus: PAYMENT_STATUS,
		itemsMode: 'json',
		itemsJson: '={{ $json.items }}',
		additionalFields: { taxRate: TAX_RATE },
	};
}

function parameters(scenario: ScenarioId, layout: ParameterLayout): Record<string, unknown> {
	const clientName = layout === 'current' ? 'client' : 'clientId';
	switch (scenario) {
		case 'create100':
		case 'create1000':
			// the same requests as the HTTP chain: without the duplicate guard's one list read per run
			return { ...createParameters(clientName), ifExists: 'create' };
		case 'createGuarded1000':
			// the duplicate guard as a user who changes nothing has it: If Already Exists left at its default
			return createParameters(clientName);
		case 'get1000':
			// the full record, as the HTTP chain gives it (Simplify is on by default)
			return { resource: 'invoice', operation: 'get', invoiceId: byId('={{ $json.id }}'), simplify: false };
		case 'getMany10000':
			return { resource: 'invoice', operation: 'getAll', returnAll: true, simplify: false, filters: { paymentStatus: PAYMENT_STATUS } };
		case 'update1000':
			return {
				resource: 'invoice',
				operation: 'update',
				invoiceId: byId('={{ $json.id }}'),
				itemsMode: 'keep',
				updateFields: {
					[clientName]: byId('={{ $json.client }}'),
					invoiceNo: '={{ $json.invoice_no }}',
					paymentStatus: PAYMENT_STATUS,
					note: UPDATE_NOTE,
				},
			};
		case 'lifecycle':
		case 'nextInSequence100':
			throw new Error(`${scenario}: its nodes are built in chains/`);
	}
}

/** This node, configured for the scenario as a user would (ids and values mapped from the input item). */
export function invoicingNodes(scenario: ScenarioId, layout: ParameterLayout, namePrefix: string): WorkflowNode[] {
	const credential = scenario === 'getMany10000' ? LIST_INVOICING : MAIN_INVOICING;
	return [
		workflowNode(`${namePrefix} Invoicing`, `${PACKAGE_NAME}.invoicing`, 1, parameters(scenario, layout), { invoicingApi: credential }),
	];
}
