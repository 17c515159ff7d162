import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';

/**
 * Shows the properties for these resources and operations. n8n's declarative engine evaluates every
 * entry of `properties` for every item, so a parameter is declared once and lists every resource and
 * operation that uses it (the resource x operation product must hold only real pairs).
 */
export function showFor(resources: Resource[], operations: string[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, resource: resources, operation: operations },
		},
	}));
}

/** A parameter one operation of one resource shows. */
export interface Shown {
	resource: Resource;
	operation: string;
	property: INodeProperties;
}

const definition = (property: INodeProperties) => JSON.stringify({ ...property, displayOptions: undefined });

/**
 * The parameters as the node declares them: each name once (n8n evaluates every declared property for
 * every item), shown for every resource and operation that has it. A name must mean the same definition
 * wherever it is shown, and its resources and operations must form a full product (displayOptions cannot
 * say more), except for pairs that are no operation at all (`exists`: Numbering of Create Invoice, Create
 * Estimate and Create From Estimate, which estimates do not have); anything else is a programming error,
 * refused when the node loads.
 */
export function declareOnce(shown: Shown[], exists: (resource: Resource, operation: string) => boolean = () => true): INodeProperties[] {
	const byName = new Map<string, { property: INodeProperties; pairs: Set<string>; resources: Set<Resource>; operations: Set<string> }>();
	for (const { resource, operation, property } of shown) {
		let entry = byName.get(property.name);
		if (!entry) {
			entry = { property, pairs: new Set(), resources: new Set(), operations: new Set() };
			byName.set(property.name, entry);
		} else if (definition(entry.property) !== definition(property)) {
			throw new Error(`Parameter "${property.name}" is defined differently for ${resource} ${operation}`);
		}
		entry.pairs.add(`${resource}/${operation}`);
		entry.resources.add(resource);
		entry.operations.add(operation);
	}
	return [...byName.values()].map(({ property, pairs, resources, operations }) => {
		const missing = [...resources].flatMap((resource) => [...operations].filter((operation) => !pairs.has(`${resource}/${operation}`) && exists(resource, operation)));
		if (missing.length > 0) {
			throw new Error(`Parameter "${property.name}" is shown for ${[...pairs].join(', ')}: not every resource has every one of these operations`);
		}
		return showFor([...resources], [...operations], [property])[0];
	});
}
