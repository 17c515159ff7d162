import { ratio, spread, type Spread } from '../measure/stats';
import type { N8nRound } from '../phases/n8n-round';
import { ratioText, spreadText } from '../report/format';
import { COUNTED_SCENARIOS, type CountedScenarioId } from '../scenarios';
import type { RequestKinds } from '../service/request-tally';

export interface CountedFigures {
	id: CountedScenarioId;
	label: string;
	items: number;
	node: Spread;
	http: Spread;
	nodeToHttp: number;
	/** Requests per execution, as the service counted them in each contender's window (the last round's). */
	requests: Record<'node' | 'http', RequestKinds>;
	/** Rounds whose requests differ from the last round's (a guard found a record, a create was skipped ...). */
	unlike: string[];
}

const total = (kinds: RequestKinds) => Object.values(kinds).reduce((sum, count) => sum + count, 0);
const same = (a: RequestKinds, b: RequestKinds) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Each counted scenario's node and HTTP times over the rounds, their ratio, and the requests each sent. */
export function countedFigures(rounds: N8nRound[]): CountedFigures[] {
	return COUNTED_SCENARIOS.map((scenario) => {
		const of = (contender: 'node' | 'http') => rounds.map((round) => round.segments.find((s) => s.scenario === scenario.id && s.contender === contender)).filter((s) => s !== undefined);
		const node = of('node');
		const http = of('http');
		const last = (segments: typeof node) => segments.at(-1)?.requests ?? {};
		const requests = { node: last(node), http: last(http) };
		const unlike = (['node', 'http'] as const).flatMap((contender) =>
			of(contender).flatMap((segment, index) => (same(segment.requests ?? {}, requests[contender]) ? [] : [`round ${index + 1} ${contender}: ${JSON.stringify(segment.requests)}`])),
		);
		const nodeMs = spread(node.map((s) => s.timing.ms));
		const httpMs = spread(http.map((s) => s.timing.ms));
		return { id: scenario.id, label: scenario.label, items: scenario.items, node: nodeMs, http: httpMs, nodeToHttp: ratio(nodeMs.median, httpMs.median), requests, unlike };
	});
}

const kindsText = (kinds: RequestKinds) =>
	Object.entries(kinds)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([kind, count]) => `${count} x ${kind}`)
		.join(', ');

/** The figures as a Markdown table, then each contender's requests of one execution. */
export function countedTable(figures: CountedFigures[]): string {
	const header = ['scenario', 'Invoicing node ms', 'HTTP Request chain ms', 'node / HTTP', 'requests (node / HTTP)'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	for (const f of figures) {
		lines.push(`| ${f.label} | ${spreadText(f.node)} | ${spreadText(f.http)} | ${ratioText(f.nodeToHttp)} | ${total(f.requests.node)} / ${total(f.requests.http)} |`);
	}
	for (const f of figures) {
		lines.push('', `${f.label}: node ${kindsText(f.requests.node)}; HTTP chain ${kindsText(f.requests.http)}`);
		if (f.unlike.length > 0) lines.push(`  rounds with other requests: ${f.unlike.join('; ')}`);
	}
	return lines.join('\n');
}
