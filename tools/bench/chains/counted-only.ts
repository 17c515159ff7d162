import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import type { BenchContext } from '../phases/context';
import { n8nRound, type N8nRound } from '../phases/n8n-round';
import type { RoundPlan } from '../workflow/round-workflow';
import { countedFigures, countedTable } from './counted-report';

/** `npm run bench -- --counted-only`: rounds of the counted scenarios alone (plans taken in turn), their table and JSON. */
export async function countedOnly(
	context: BenchContext,
	plans: RoundPlan[],
	options: { rounds: number; outFile: string; packageCommit: string; log: (line: string) => void },
): Promise<void> {
	const rounds: N8nRound[] = [];
	for (let round = 0; round < options.rounds && Date.now() < context.deadline; round++) {
		const plan = plans[round % plans.length];
		rounds.push(await n8nRound(context, plan.workflow.id, plan));
		options.log(`round ${round + 1}/${options.rounds}: ${rounds[round].segments.map((x) => `${x.scenario} ${x.contender} ${x.timing.ms}`).join(', ')} ms`);
	}
	const rows = countedFigures(rounds);
	console.log(`\nIssue 36, counted scenarios alone: node executionTime, median of ${rounds.length} (min-max), ms; package ${options.packageCommit}`);
	console.log(countedTable(rows));
	mkdirSync(dirname(options.outFile), { recursive: true });
	writeFileSync(options.outFile, `${JSON.stringify({ date: new Date().toISOString(), packageCommit: options.packageCommit, rounds, counted: rows }, null, '\t')}\n`);
	if (rows.some((row) => row.unlike.length > 0)) process.exitCode = 1;
}
