import { evaluationsPerItem } from '../../../tools/bench/measure/expression-counts';

describe('bench expression counts', () => {
	const counts = { engine: 'vm', counts: { 'get http: HTTP Request': 40, 'get http: Edit Fields': 20, 'get node: Invoicing': 100, other: 999 } };

	test('sums the contender nodes and divides by the input items', () => {
		expect(evaluationsPerItem(counts, ['get http: HTTP Request', 'get http: Edit Fields'], 20)).toBe(3);
		expect(evaluationsPerItem(counts, ['get node: Invoicing'], 20)).toBe(5);
	});

	test('a node that evaluated nothing counts 0; no items is NaN', () => {
		expect(evaluationsPerItem(counts, ['never ran'], 20)).toBe(0);
		expect(evaluationsPerItem(counts, ['get node: Invoicing'], 0)).toBeNaN();
	});
});
