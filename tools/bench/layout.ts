import { join } from 'node:path';

import type { ParameterLayout } from './workflow/node-contender';

interface PropertyLike {
	name: string;
	displayOptions?: { show?: Record<string, unknown[] | undefined> };
}

/**
 * The parameter names of the build under test, read from its node description: older builds
 * name the client of an invoice create `clientId`, newer ones `client`.
 */
export function detectLayout(packageDir: string): ParameterLayout {
	const module = require(join(packageDir, 'nodes', 'Invoicing', 'Invoicing.node.ts')) as { Invoicing: new () => { description: { properties: PropertyLike[] } } };
	const properties = new module.Invoicing().description.properties;
	const legacy = properties.some(
		(p) => p.name === 'clientId' && (p.displayOptions?.show?.resource ?? []).includes('invoice') && (p.displayOptions?.show?.operation ?? []).includes('create'),
	);
	return legacy ? 'legacy' : 'current';
}

/** Evaluated property count of the description (every entry is evaluated per item by the declarative engine). */
export function propertyCount(packageDir: string): number {
	const module = require(join(packageDir, 'nodes', 'Invoicing', 'Invoicing.node.ts')) as { Invoicing: new () => { description: { properties: PropertyLike[] } } };
	return new module.Invoicing().description.properties.length;
}
