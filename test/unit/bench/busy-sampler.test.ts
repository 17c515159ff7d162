import { valueAt } from '../../../tools/bench/service/busy-sampler';

describe('bench service busy sampler', () => {
	const samples = [
		{ at: 0, active: 0, cpu: 0 },
		{ at: 10, active: 5, cpu: 8 },
		{ at: 20, active: 5, cpu: 10 },
	];

	test('interpolates a cumulative series between samples and clamps outside them', () => {
		expect(valueAt(samples, 5, 'active')).toBe(2.5);
		expect(valueAt(samples, 15, 'cpu')).toBe(9);
		expect(valueAt(samples, -3, 'active')).toBe(0);
		expect(valueAt(samples, 99, 'active')).toBe(5);
		expect(valueAt([], 1, 'cpu')).toBe(0);
	});
});
