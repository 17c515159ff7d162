/** Typed access to tools/scripts/check-pack.js (plain Node: the publish guard must run without a TypeScript tool chain). */
export interface CheckPack {
	requiredFiles(root: string, pkg: { n8n: { nodes?: string[]; credentials?: string[] } }): string[];
	packProblems(required: string[], packed: string[]): string[];
	dryRunPack(root: string): { files: string[]; size: number; unpackedSize: number };
	DEV_ONLY: string[];
}

export const checkPack = require('../../tools/scripts/check-pack.js') as CheckPack;
