import type { Resource } from '../../shared/api-types';
import { clientResource } from './client/Client.resource';
import { estimateResource } from './estimate/Estimate.resource';
import { expenseResource } from './expense/Expense.resource';
import { invoiceResource } from './invoice/Invoice.resource';
import type { OperationSpec, ResourceSpec } from './types';

/** Every resource of the node, each described once in its `<Resource>.resource.ts`. */
export const RESOURCE_SPECS: readonly ResourceSpec[] = [clientResource, expenseResource, invoiceResource, estimateResource];

export const SPEC_OF: Readonly<Record<Resource, ResourceSpec>> = {
	client: clientResource,
	expense: expenseResource,
	invoice: invoiceResource,
	estimate: estimateResource,
};

/** The spec of a resource and operation by their parameter values; undefined for values no spec has. */
export function operationSpec(resource: string, operation: string): { resource: ResourceSpec; operation: OperationSpec } | undefined {
	const spec = RESOURCE_SPECS.find((candidate) => candidate.value === resource);
	const found = spec?.operations.find((candidate) => candidate.value === operation);
	return spec && found ? { resource: spec, operation: found } : undefined;
}
