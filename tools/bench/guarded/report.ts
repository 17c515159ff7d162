import { ratio, spread, type Spread } from '../measure/stats';
import { GUARDED_CONTENDERS, GUARDED_LABEL, type GuardedContender } from './plan';
import type { GuardedRound } from './round';

/** The request kinds the table always shows (the reads of the look, the guard's whole-list read, the creates). */
export const SHOWN_KINDS = ['GET /client/{id}', 'GET /invoice/all', 'POST /invoice/add'];

export interface ContenderFigures {
	ms: Spread;
	rounds: number[];
	outputItems: number[];
	serviceBusy: Spread;
	/** Per kind, the count in each round (one execution of 1,000 items). */
	requests: Record<string, number[]>;
}

export type GuardedFigures = Record<GuardedContender, ContenderFigures> & {
	guardedToHttp: number;
	anywayToHttp: number;
	/** Guarded minus Create Anyway within each execution, ms: on a busy machine steadier than the difference of medians. */
	guardedMinusAnyway: Spread;
};

export function guardedFigures(rounds: GuardedRound[]): GuardedFigures {
	const of = (contender: GuardedContender): ContenderFigures => {
		const runs = rounds.map((round) => {
			const found = round.runs.find((r) => r.contender === contender);
			if (!found) throw new Error(`no ${contender} run in a round`);
			return found;
		});
		const kinds = new Set([...SHOWN_KINDS, ...runs.flatMap((r) => Object.keys(r.requests))]);
		return {
			ms: spread(runs.map((r) => r.ms)),
			rounds: runs.map((r) => r.ms),
			outputItems: runs.map((r) => r.outputItems),
			serviceBusy: spread(runs.map((r) => r.busy.eventLoop)),
			requests: Object.fromEntries([...kinds].map((kind) => [kind, runs.map((r) => r.requests[kind] ?? 0)])),
		};
	};
	const guarded = of('guarded');
	const anyway = of('anyway');
	const http = of('http');
	return {
		guarded,
		anyway,
		http,
		guardedToHttp: ratio(guarded.ms.median, http.ms.median),
		anywayToHttp: ratio(anyway.ms.median, http.ms.median),
		guardedMinusAnyway: spread(guarded.rounds.map((ms, index) => ms - anyway.rounds[index])),
	};
}

const spreadText = (s: Spread, digits = 0) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
const countsText = (counts: number[]) => (Math.min(...counts) === Math.max(...counts) ? String(counts[0]) : spreadText(spread(counts)));

/** The table: time, ratio to the HTTP chain, and the requests each contender sent per execution (median (min-max) when rounds differ). */
export function guardedTable(figures: GuardedFigures): string {
	const others = [...new Set(GUARDED_CONTENDERS.flatMap((c) => Object.keys(figures[c].requests)))].filter((kind) => !SHOWN_KINDS.includes(kind)).sort();
	const header = ['contender', 'ms', 'x HTTP', ...SHOWN_KINDS, 'other requests'];
	const rows = GUARDED_CONTENDERS.map((contender) => {
		const f = figures[contender];
		const toHttp = contender === 'guarded' ? figures.guardedToHttp : contender === 'anyway' ? figures.anywayToHttp : 1;
		const other = others.filter((kind) => f.requests[kind]?.some((n) => n > 0)).map((kind) => `${countsText(f.requests[kind])} x ${kind}`);
		return [GUARDED_LABEL[contender], spreadText(f.ms), toHttp.toFixed(2), ...SHOWN_KINDS.map((kind) => countsText(f.requests[kind])), other.join(', ') || '-'];
	});
	const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
	const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
	return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** What makes a round's figures wrong: a contender that did not create 1,000 invoices or output 1,000 items. */
export function problems(figures: GuardedFigures, items: number): string[] {
	return GUARDED_CONTENDERS.flatMap((contender) => {
		const f = figures[contender];
		const posted = f.requests['POST /invoice/add'];
		return [
			...(posted.some((n) => n !== items) ? [`${GUARDED_LABEL[contender]}: POST /invoice/add per round ${posted.join(', ')}, expected ${items}`] : []),
			...(f.outputItems.some((n) => n !== items) ? [`${GUARDED_LABEL[contender]}: output items per round ${f.outputItems.join(', ')}, expected ${items}`] : []),
		];
	});
}
