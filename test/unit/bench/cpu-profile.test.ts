import { groupOf, summariseProfile, type CpuProfile } from '../../../tools/bench/measure/cpu-profile';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });

describe('bench CPU profile summary', () => {
	test('groups by package: this node only from the nodes folder, n8n expressions, routing-node, idle', () => {
		expect(groupOf('file:///u/.n8n/nodes/node_modules/n8n-nodes-invoicing/dist/nodes/Invoicing/helpers/pre-send.js', 'f')).toBe('this node (nodes/Invoicing, credentials)');
		expect(groupOf('file:///home/x/.cache/n8n-nodes-invoicing/n8n/node_modules/n8n-workflow/dist/cjs/expression.js', 'f')).toBe('n8n-workflow expressions');
		expect(groupOf('file:///c/node_modules/@n8n/expression-runtime/dist/cjs/bridge/isolated-vm-bridge.js', 'execute')).toBe('n8n-workflow expressions');
		expect(groupOf('file:///c/node_modules/n8n-core/dist/execution-engine/routing-node.js', 'f')).toBe('n8n-core routing-node');
		expect(groupOf('', '(idle)')).toBe('idle (waiting for I/O)');
		expect(groupOf('file:///c/node_modules/lodash/get.js', 'get')).toBe('other');
	});

	test('self time counts only the samples inside the window', () => {
		const profile: CpuProfile = {
			nodes: [
				{ id: 1, callFrame: frame('(root)', '') },
				{ id: 2, callFrame: frame('evaluate', 'file:///c/node_modules/n8n-workflow/dist/cjs/expression.js') },
				{ id: 3, callFrame: frame('(idle)', '') },
			],
			startTime: 1_000,
			endTime: 1_000 + 5_000,
			samples: [2, 2, 3, 2, 2],
			timeDeltas: [0, 1_000, 1_000, 1_000, 1_000],
		};
		// samples at 1,000 2,000 3,000 4,000 5,000; each weighs the gap to the next one
		const summary = summariseProfile(profile, 1_500, 4_500);
		expect(summary.windowMs).toBe(3);
		expect(summary.groups).toEqual([
			{ group: 'n8n-workflow expressions', ms: 2, share: 2 / 3 },
			{ group: 'idle (waiting for I/O)', ms: 1, share: 1 / 3 },
		]);
		expect(summary.top.map((f) => f.fn)).toEqual(['evaluate n8n-workflow/dist/cjs/expression.js:1']);
	});
});
