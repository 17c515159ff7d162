import type { OperationForm, ResourceSpec } from './types';

/** The operations of a resource that show a form. */
export const operationsWith = (spec: ResourceSpec, form: OperationForm): string[] =>
	spec.operations.filter((operation) => operation.form === form).map((operation) => operation.value);

/** The operations of any of these resources that show one of these forms, each once. */
export const operationsOf = (specs: readonly ResourceSpec[], forms: OperationForm[]): string[] => [
	...new Set(specs.flatMap((spec) => forms.flatMap((form) => operationsWith(spec, form)))),
];

/** The resources that have an operation with this form. */
export const resourcesWith = (specs: readonly ResourceSpec[], form: OperationForm): ResourceSpec[] =>
	specs.filter((spec) => operationsWith(spec, form).length > 0);
