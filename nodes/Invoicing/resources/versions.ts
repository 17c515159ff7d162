import type { INodeProperties } from 'n8n-workflow';

/**
 * The node's versions: 1 as workflows saved before version 2 hold it, 2 for every node added since. A saved
 * node keeps its version, so a default or a behaviour version 2 changes is declared for version 2 only
 * (docs/upgrading.md lists the differences).
 */
export type NodeVersion = 1 | 2;
export const NODE_VERSIONS: NodeVersion[] = [1, 2];
export const NEWEST_VERSION: NodeVersion = 2;

/** The property shown on nodes of these versions only (n8n's `@version` display condition). */
export function inVersions(versions: NodeVersion[], property: INodeProperties): INodeProperties {
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': versions } } };
}

/** The versions before one (`versionsBefore(2)`: [1]) and from it on (`versionsFrom(2)`: [2]). */
export const versionsBefore = (version: NodeVersion): NodeVersion[] => NODE_VERSIONS.filter((candidate) => candidate < version);
export const versionsFrom = (version: NodeVersion): NodeVersion[] => NODE_VERSIONS.filter((candidate) => candidate >= version);
