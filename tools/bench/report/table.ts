import type { BenchFigures } from './figures';
import { ms, percent, ratioText, spreadText } from './format';
import { SCENARIOS } from '../scenarios';

/** The figures as a Markdown table (printed by the bench, pasted into docs/benchmark.md). */
export function figuresTable(figures: BenchFigures): string {
	const lines = [
		'| scenario | Invoicing node ms | HTTP Request chain ms | raw client ms | node / HTTP | node / raw | expressions per item (node / HTTP chain) | n8n RSS peak MB (node / HTTP) | service busy (node / HTTP / raw) |',
		'|---|---|---|---|---|---|---|---|---|',
	];
	for (const s of figures.scenarios) {
		const { node, http, raw } = s.contenders;
		lines.push(
			[
				s.label,
				spreadText(node.ms),
				spreadText(http.ms),
				spreadText(raw.ms),
				ratioText(s.nodeToHttp),
				ratioText(s.nodeToRaw),
				`${ms(node.expressionsPerItem ?? Number.NaN)} / ${ms(http.expressionsPerItem ?? Number.NaN)}`,
				`${ms(node.peakRssMb?.median ?? Number.NaN)} / ${ms(http.peakRssMb?.median ?? Number.NaN)}`,
				`${percent(node.serviceBusy.median)} / ${percent(http.serviceBusy.median)} / ${percent(raw.serviceBusy.median)}`,
			].join(' | ').replace(/^/, '| ').concat(' |'),
		);
	}
	return lines.join('\n');
}

/** The profile's cost groups and top functions, as text. */
export function profileText(figures: BenchFigures): string {
	if (!figures.profile) return '';
	const out: string[] = [];
	for (const [scenario, profiles] of Object.entries(figures.profile)) {
		const label = SCENARIOS.find((s) => s.id === scenario)?.label ?? scenario;
		for (const contender of ['node', 'http'] as const) {
			const summary = profiles[contender];
			out.push(`CPU profile, ${label}, ${contender === 'node' ? 'Invoicing node' : 'HTTP Request chain'} (window ${ms(summary.windowMs)} ms, self time):`);
			for (const group of summary.groups) out.push(`  ${percent(group.share).padStart(4)}  ${ms(group.ms).padStart(7)} ms  ${group.group}`);
			out.push('  top functions:');
			for (const fn of summary.top) out.push(`  ${percent(fn.share).padStart(4)}  ${ms(fn.ms).padStart(7)} ms  ${fn.fn}  [${fn.group}]`);
		}
	}
	return out.join('\n');
}
