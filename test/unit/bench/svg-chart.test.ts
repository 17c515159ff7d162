import { barChartSvg } from '../../../tools/bench/report/svg-chart';

const spreadOf = (median: number) => ({ median, min: median * 0.9, max: median * 1.1 });

describe('bench SVG chart', () => {
	test('one bar per contender and scenario, one title per scenario, text escaped', () => {
		const svg = barChartSvg('A & B', 'sub <title>', [
			{ label: 'create x100', nodeToHttp: 0.5, bars: { node: spreadOf(100), http: spreadOf(200), raw: spreadOf(20) } },
			{ label: 'get x1,000', nodeToHttp: 0.7, bars: { node: spreadOf(700), http: spreadOf(1000), raw: spreadOf(90) } },
		]);
		expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
		expect(svg.match(/class="bar"/g)).toHaveLength(6);
		for (const contender of ['node', 'http', 'raw']) expect(svg.match(new RegExp(`data-contender="${contender}"`, 'g'))).toHaveLength(2);
		expect(svg.match(/class="scenario"/g)).toHaveLength(2);
		expect(svg).toContain('A &amp; B');
		expect(svg).toContain('sub &lt;title&gt;');
		expect(svg).toContain('(node / HTTP 0.50)');
	});

	test('each scenario on its own scale: the longest max of a group fills the bar area', () => {
		const svg = barChartSvg('t', 's', [{ label: 'x', nodeToHttp: 1, bars: { node: spreadOf(10), http: spreadOf(10), raw: spreadOf(10) } }]);
		const widths = [...svg.matchAll(/class="bar"[^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
		expect(widths).toHaveLength(3);
		for (const width of widths) expect(width).toBeCloseTo((10 / 11) * 470, 0);
	});
});
