import { searchMethod, type ListSearchMethod } from '../../shared/list-search';
import type { ResourceSpec } from '../resources/types';

/** The listSearch methods of the node: one per resource, under the name its record locator gives (`searchClients`). */
export const listSearchMethods = (specs: readonly ResourceSpec[]): Record<string, ListSearchMethod> =>
	Object.fromEntries(specs.map((spec) => [spec.record.searchMethod, searchMethod(spec)]));
