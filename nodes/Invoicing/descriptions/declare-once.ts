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
 * A property that names node versions, a resource or an operation in its own display condition (version 2's
 * Number Prefix of invoices) is one declaration apart from the other declarations of its name.
 */
const declarationKey = (property: INodeProperties) => {
	const show = property.displayOptions?.show ?? {};
	return JSON.stringify([property.name, show['@version'] ?? null, show.resource ?? null, show.operation ?? null]);
};

interface Declaration {
	property: INodeProperties;
	pairs: Set<string>;
	resources: Set<Resource>;
	operations: Set<string>;
}

const versionsOf = (property: INodeProperties): unknown[] | undefined => property.displayOptions?.show?.['@version'];
const overlap = <T>(a: Iterable<T>, b: Set<T>) => [...a].some((value) => b.has(value));

/** Two declarations of one name that could show together: the same node version, resource and operation. */
function showTogether(a: Declaration, b: Declaration): boolean {
	const [versionsA, versionsB] = [versionsOf(a.property), versionsOf(b.property)];
	const versionsMeet = versionsA === undefined || versionsB === undefined || versionsA.some((version) => versionsB.includes(version));
	return versionsMeet && overlap(a.resources, b.resources) && overlap(a.operations, b.operations);
}

/** A new declaration of a name already declared goes right after that name's last one: the editor shows them in one place. */
function insertAfterName(byKey: Map<string, Declaration>, key: string, entry: Declaration): void {
	const entries = [...byKey];
	const last = entries.map(([, other]) => other.property.name).lastIndexOf(entry.property.name);
	if (last === -1 || last === entries.length - 1) {
		byKey.set(key, entry);
		return;
	}
	const after = entries.splice(last + 1);
	byKey.clear();
	for (const [k, v] of [...entries, [key, entry] as const, ...after]) byKey.set(k, v);
}

/**
 * The parameters as the node declares them: each name once (n8n evaluates every declared property for
 * every item), shown for every resource and operation that has it. A name must mean the same definition
 * wherever it is shown, and its resources and operations must form a full product (displayOptions cannot
 * say more), except for pairs that are no operation at all (`exists`: Numbering of Create Invoice, Create
 * Estimate and Create From Estimate, which estimates do not have). A name declared apart per node version
 * (`declarationKey`) must never show twice for one version, resource and operation. Anything else is a
 * programming error, refused when the node loads.
 */
export function declareOnce(shown: Shown[], exists: (resource: Resource, operation: string) => boolean = () => true): INodeProperties[] {
	const byKey = new Map<string, Declaration>();
	for (const { resource, operation, property } of shown) {
		const key = declarationKey(property);
		let entry = byKey.get(key);
		if (!entry) {
			entry = { property, pairs: new Set(), resources: new Set(), operations: new Set() };
			insertAfterName(byKey, key, entry);
		} else if (definition(entry.property) !== definition(property)) {
			throw new Error(`Parameter "${property.name}" is defined differently for ${resource} ${operation}`);
		}
		entry.pairs.add(`${resource}/${operation}`);
		entry.resources.add(resource);
		entry.operations.add(operation);
	}
	const declarations = [...byKey.values()];
	return declarations.map((entry, index) => {
		const { property, pairs, resources, operations } = entry;
		const missing = [...resources].flatMap((resource) => [...operations].filter((operation) => !pairs.has(`${resource}/${operation}`) && exists(resource, operation)));
		if (missing.length > 0) {
			throw new Error(`Parameter "${property.name}" is shown for ${[...pairs].join(', ')}: not every resource has every one of these operations`);
		}
		if (declarations.slice(0, index).some((other) => other.property.name === property.name && showTogether(other, entry))) {
			throw new Error(`Parameter "${property.name}" is declared twice for one of ${[...pairs].join(', ')}: give each declaration its own node versions`);
		}
		return showFor([...resources], [...operations], [property])[0];
	});
}
