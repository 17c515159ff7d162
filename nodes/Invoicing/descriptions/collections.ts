import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';

/** The options one resource contributes to a shared collection. */
export type OptionsByResource = Partial<Record<Resource, INodeProperties[]>>;

/** Where an option sorts when alphabetical order is not the order people fill a document in (issue date, then due date). */
const SORT_AS: Record<string, string> = { dueDate: 'Issue Date 2' };
const sortKey = (option: INodeProperties) => SORT_AS[option.name] ?? option.displayName;

const withoutDisplay = (option: INodeProperties) => JSON.stringify({ ...option, displayOptions: undefined });

/**
 * The options of several resources as one list, each option declared once and shown (`/resource`) for
 * every resource that has it. Options sharing a name must be the same field; a mismatch is a programming
 * error, refused when the node loads.
 */
export function mergeOptionsByResource(byResource: OptionsByResource): INodeProperties[] {
	const merged = new Map<string, { option: INodeProperties; resources: Resource[] }>();
	for (const [resource, options] of Object.entries(byResource) as Array<[Resource, INodeProperties[]]>) {
		for (const option of options) {
			const known = merged.get(option.name);
			if (!known) {
				merged.set(option.name, { option, resources: [resource] });
				continue;
			}
			if (withoutDisplay(known.option) !== withoutDisplay(option)) {
				throw new Error(`Collection option "${option.name}" differs between ${known.resources.join(', ')} and ${resource}`);
			}
			known.resources.push(resource);
		}
	}
	return [...merged.values()]
		.map(({ option, resources }) => ({
			...option,
			displayOptions: { ...option.displayOptions, show: { ...option.displayOptions?.show, '/resource': resources } },
		}))
		.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/** One collection parameter shared by several resources, e.g. Additional Fields of every Create. */
export function sharedCollection(
	base: { displayName: string; name: string; placeholder: string; description?: string },
	operations: string[],
	byResource: OptionsByResource,
): INodeProperties {
	return {
		...base,
		type: 'collection',
		default: {},
		displayOptions: { show: { resource: Object.keys(byResource) as Resource[], operation: operations } },
		options: mergeOptionsByResource(byResource),
	};
}
