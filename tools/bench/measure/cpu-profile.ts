/** Self time of a V8 CPU profile (.cpuprofile) within a time window, by function and by package group. */

export interface CpuProfile {
	nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

export type CostGroup =
	| 'n8n-workflow expressions'
	| 'n8n-workflow (other)'
	| 'n8n-core routing-node'
	| 'n8n-core (other)'
	| 'this node (nodes/Invoicing, credentials)'
	| 'n8n-nodes-base (HTTP Request, Set, ...)'
	| 'axios / http / network'
	| 'garbage collector'
	| 'idle (waiting for I/O)'
	| 'other';

const RULES: Array<[CostGroup, (url: string, name: string) => boolean]> = [
	['idle (waiting for I/O)', (_url, name) => name === '(idle)'],
	['garbage collector', (_url, name) => name === '(garbage collector)'],
	// the package as n8n loads it from its nodes folder (n8n itself may live under a folder of the same name)
	['this node (nodes/Invoicing, credentials)', (url) => url.includes('/.n8n/nodes/node_modules/n8n-nodes-invoicing/')],
	[
		'n8n-workflow expressions',
		(url) =>
			/n8n-workflow\/dist\/.*(expression|workflow-data-proxy|extensions\/|augment-object|node-parameters)/.test(url) ||
			/@n8n\/(tournament|expression-runtime)|isolated-vm|\/esprima|\/recast\/|\/ast-types\//.test(url),
	],
	['n8n-workflow (other)', (url) => url.includes('/n8n-workflow/')],
	['n8n-core routing-node', (url) => url.includes('routing-node')],
	['n8n-core (other)', (url) => url.includes('/n8n-core/')],
	['n8n-nodes-base (HTTP Request, Set, ...)', (url) => url.includes('/n8n-nodes-base/')],
	[
		'axios / http / network',
		(url) => /\/axios\/|@n8n\/backend-network|follow-redirects|form-data|\/qs\/|^node:(_http|http|net|internal\/(http|stream|net|dns|url))/.test(url),
	],
];

export function groupOf(url: string, functionName: string): CostGroup {
	return RULES.find(([, match]) => match(url, functionName))?.[0] ?? 'other';
}

export interface ProfileSummary {
	windowMs: number;
	groups: Array<{ group: CostGroup; ms: number; share: number }>;
	top: Array<{ fn: string; group: CostGroup; ms: number; share: number }>;
}

/** Self time per function and group over samples taken within [fromUs, toUs] (the profile's monotonic clock). */
export function summariseProfile(profile: CpuProfile, fromUs: number, toUs: number, topCount = 15): ProfileSummary {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfUs = new Map<number, number>();
	let at = profile.startTime;
	for (let index = 0; index < profile.samples.length; index++) {
		at += profile.timeDeltas[index] ?? 0;
		const next = profile.timeDeltas[index + 1] ?? 0;
		if (at < fromUs || at > toUs) continue;
		selfUs.set(profile.samples[index], (selfUs.get(profile.samples[index]) ?? 0) + next);
	}
	const windowUs = Math.max(1, toUs - fromUs);
	const groups = new Map<CostGroup, number>();
	const functions = new Map<string, { group: CostGroup; us: number }>();
	for (const [id, us] of selfUs) {
		const frame = byId.get(id)?.callFrame;
		if (!frame) continue;
		const group = groupOf(frame.url, frame.functionName);
		groups.set(group, (groups.get(group) ?? 0) + us);
		const file = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '');
		const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
		const entry = functions.get(key) ?? { group, us: 0 };
		entry.us += us;
		functions.set(key, entry);
	}
	return {
		windowMs: windowUs / 1000,
		groups: [...groups.entries()].map(([group, us]) => ({ group, ms: us / 1000, share: us / windowUs })).sort((a, b) => b.ms - a.ms),
		top: [...functions.entries()]
			.filter(([, entry]) => entry.group !== 'idle (waiting for I/O)')
			.map(([fn, entry]) => ({ fn, group: entry.group, ms: entry.us / 1000, share: entry.us / windowUs }))
			.sort((a, b) => b.ms - a.ms)
			.slice(0, topCount),
	};
}
