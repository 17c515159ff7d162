import type { Spread } from '../measure/stats';
import { CONTENDER_LABEL, CONTENDERS, type Contender } from '../scenarios';
import { ms, ratioText } from './format';

export interface ChartGroup {
	label: string;
	bars: Record<Contender, Spread>;
	/** Invoicing node / HTTP chain, shown beside the group's title. */
	nodeToHttp: number;
}

const COLOURS: Record<Contender, string> = { node: '#2f6fde', http: '#e0812a', raw: '#7c8a99' };
const WIDTH = 760;
const LABEL_WIDTH = 170;
const BAR_AREA = 470;
const BAR_HEIGHT = 16;
const GROUP_GAP = 22;
const TITLE_HEIGHT = 20;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A horizontal bar chart, one group per scenario and one bar per contender (the median, a thin line from min to
 * max), each group on its own scale (the longest max of the group fills the width). Plain SVG text.
 */
export function barChartSvg(title: string, subtitle: string, groups: ChartGroup[]): string {
	const groupHeight = TITLE_HEIGHT + CONTENDERS.length * (BAR_HEIGHT + 4) + GROUP_GAP;
	const top = 62;
	const height = top + groups.length * groupHeight + 10;
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
		`<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
		`<text x="10" y="22" font-size="15" font-weight="bold">${escape(title)}</text>`,
		`<text x="10" y="40" fill="#555">${escape(subtitle)}</text>`,
	];
	CONTENDERS.forEach((contender, index) => {
		const x = 10 + index * 190;
		parts.push(`<rect x="${x}" y="48" width="10" height="10" fill="${COLOURS[contender]}"/>`, `<text x="${x + 14}" y="57">${escape(CONTENDER_LABEL[contender])}</text>`);
	});
	groups.forEach((group, groupIndex) => {
		const y0 = top + groupIndex * groupHeight;
		parts.push(`<text class="scenario" x="10" y="${y0 + 14}" font-weight="bold">${escape(group.label)}  (node / HTTP ${ratioText(group.nodeToHttp)})</text>`);
		const scale = Math.max(...CONTENDERS.map((c) => group.bars[c].max), 1);
		CONTENDERS.forEach((contender, index) => {
			const bar = group.bars[contender];
			const y = y0 + TITLE_HEIGHT + index * (BAR_HEIGHT + 4);
			const width = Math.max(1, (bar.median / scale) * BAR_AREA);
			const minX = LABEL_WIDTH + (bar.min / scale) * BAR_AREA;
			const maxX = LABEL_WIDTH + (bar.max / scale) * BAR_AREA;
			parts.push(
				`<text x="${LABEL_WIDTH - 6}" y="${y + 12}" text-anchor="end" fill="#333">${escape(CONTENDER_LABEL[contender])}</text>`,
				`<rect class="bar" data-contender="${contender}" x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" fill="${COLOURS[contender]}"/>`,
				`<line x1="${minX.toFixed(1)}" y1="${y + BAR_HEIGHT / 2}" x2="${maxX.toFixed(1)}" y2="${y + BAR_HEIGHT / 2}" stroke="#222" stroke-width="1"/>`,
				`<text x="${(LABEL_WIDTH + Math.max(width, (bar.max / scale) * BAR_AREA) + 6).toFixed(1)}" y="${y + 12}">${ms(bar.median)} ms</text>`,
			);
		});
	});
	parts.push('</svg>');
	return `${parts.join('\n')}\n`;
}
