import type { INode } from 'n8n-workflow';

import type { NodeVersion } from '../../resources/versions';

/** The version of the running node: 2 from version 2 on, else 1 (a node saved before versions had 1). */
export function nodeVersion(ctx: { getNode(): INode }): NodeVersion {
	return ctx.getNode().typeVersion >= 2 ? 2 : 1;
}
