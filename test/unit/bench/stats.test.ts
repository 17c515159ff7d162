import { ratio, spread } from '../../../tools/bench/measure/stats';

describe('bench statistics', () => {
	test('median, min and max of an odd and an even count, whatever the order', () => {
		expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5 });
		expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
	});

	test('an empty list and a zero denominator give NaN, not a number that looks measured', () => {
		expect(spread([]).median).toBeNaN();
		expect(ratio(1, 0)).toBeNaN();
		expect(ratio(3, 4)).toBe(0.75);
	});
});
