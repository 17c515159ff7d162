import type { Resource } from '../../shared/api-types';
import { clientResource } from './client/Client.resource';
import { estimateResource } from './estimate/Estimate.resource';
import { expenseResource } from './expense/Expense.resource';
import { invoiceResource } from './invoice/Invoice.resource';
import { PRE_SEND_STEPS } from './steps';
import type { OperationEntry, OperationSpec, ResourceEntry, ResourceSpec } from './types';

const derived = (operation: OperationEntry): OperationSpec => ({
	...operation,
	guarded: operation.guarded ?? PRE_SEND_STEPS[operation.preSend].guarded,
	onRecord: operation.onRecord ?? PRE_SEND_STEPS[operation.preSend].onRecord,
});

/** The resource's spec with what its operations' steps imply. */
const withDerivedFacts = (entry: ResourceEntry): ResourceSpec => ({ ...entry, operations: entry.operations.map(derived) });

/** Every resource of the node, each described once in its `<Resource>.resource.ts`. */
export const RESOURCE_SPECS: readonly ResourceSpec[] = [clientResource, expenseResource, invoiceResource, estimateResource].map(withDerivedFacts);

/** The spec of each resource; also the order the trigger polls them in. */
export const SPEC_OF = Object.fromEntries(RESOURCE_SPECS.map((spec) => [spec.value, spec])) as Readonly<Record<Resource, ResourceSpec>>;

/** The spec of a resource and operation by their parameter values; undefined for values no spec has. */
export function operationSpec(resource: string, operation: string): { resource: ResourceSpec; operation: OperationSpec } | undefined {
	const spec = RESOURCE_SPECS.find((candidate) => candidate.value === resource);
	const found = spec?.operations.find((candidate) => candidate.value === operation);
	return spec && found ? { resource: spec, operation: found } : undefined;
}
