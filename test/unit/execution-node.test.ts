import type { IDataObject, IExecuteSingleFunctions, INode, INodeParameters } from 'n8n-workflow';

import { executionNode, fixedParameter } from '../../nodes/Invoicing/engine/execution-node';

/** A context of one execution: its node context, the node (copied on each getNode, as n8n does) and counted parameter reads. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function execution(parameters: INodeParameters, answer: (name: string, fallback: unknown) => unknown = (name, fallback) => copy(parameters[name] ?? fallback)) {
	const nodeContext: IDataObject = {};
	const node = { name: 'Invoicing', typeVersion: 2, parameters } as unknown as INode;
	const counts = { getNode: 0, getNodeParameter: [] as string[] };
	const ctx = {
		getContext: () => nodeContext,
		getNode: () => (counts.getNode++, copy(node)),
		getNodeParameter: (name: string, fallback: unknown) => (counts.getNodeParameter.push(name), answer(name, fallback)),
	} as unknown as IExecuteSingleFunctions;
	return { ctx, counts };
}

describe('the node and its fixed parameters, read once per execution', () => {
	test('a value without an expression: n8n asked once, every item given its answer (objects as copies)', () => {
		const { ctx, counts } = execution({ format: 'peppol-ubl', options: { checkOnly: true } });
		const answers = [0, 1, 2].map(() => [fixedParameter(ctx, 'format', 'x'), fixedParameter(ctx, 'options', {})]);
		expect(answers).toEqual([0, 1, 2].map(() => ['peppol-ubl', { checkOnly: true }]));
		expect(answers[0][1]).not.toBe(answers[1][1]);
		expect(counts.getNodeParameter).toEqual(['format', 'options']);
		expect(counts.getNode).toBe(1);
	});

	test('an expression, or nothing stored: n8n asked each time', () => {
		const { ctx, counts } = execution({ format: '={{ $json.format }}', buyer: { city: '={{ $json.city }}' } });
		for (let item = 0; item < 3; item++) {
			fixedParameter(ctx, 'format', 'x');
			fixedParameter(ctx, 'buyer', {});
			fixedParameter(ctx, 'binaryPropertyName', 'data');
		}
		expect(counts.getNodeParameter).toHaveLength(9);
	});

	test('an answer that throws is not kept: the next item asks again and gets the same error', () => {
		const { ctx, counts } = execution({ format: 'xrechnung-ubl' }, () => {
			throw new Error('refused');
		});
		expect(() => fixedParameter(ctx, 'format', 'x')).toThrow('refused');
		expect(() => fixedParameter(ctx, 'format', 'x')).toThrow('refused');
		expect(counts.getNodeParameter).toHaveLength(2);
	});

	test('another execution asks again', () => {
		const parameters = { format: 'en16931-cii' };
		const first = execution(parameters);
		const second = execution(parameters);
		fixedParameter(first.ctx, 'format', 'x');
		fixedParameter(second.ctx, 'format', 'x');
		expect([first.counts.getNodeParameter, second.counts.getNodeParameter]).toEqual([['format'], ['format']]);
		expect(executionNode(second.ctx).typeVersion).toBe(2);
		expect(second.counts.getNode).toBe(1);
	});
});
