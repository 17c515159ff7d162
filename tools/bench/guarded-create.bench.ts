/**
 * What the look after a guarded create (a read of the client's documents, shared by the run's
 * items) costs. Per round one `n8n execute` (real n8n 2.40.7) runs, in turn-taking order, Create Invoice x1,000
 * over 10 clients three ways: the node with the duplicate guard as a user who changes nothing has it, the node
 * with If Already Exists = Create Anyway (no read at all), and n8n's HTTP Request chain. Prints each one's time
 * (node executionTime, median (min-max) ms), the ratios to the HTTP chain, and the requests each sent per
 * execution, counted by the service. Bounded: at most 15 rounds, each `n8n execute` killed after 5 minutes.
 * Hold the machine's n8n lock: `flock /tmp/invoicing-n8n.lock npm run bench:guarded-create -- [--package DIR] [--rounds N]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8N_VERSION } from '../scripts/n8n/config';
import { setUpN8n } from '../scripts/n8n/harness';
import { parseGuardedArgs } from './guarded/args';
import { guardedPlans } from './guarded/plan';
import { guardedFigures, guardedTable, problems } from './guarded/report';
import { guardedRound, type GuardedRound } from './guarded/round';
import { detectLayout } from './layout';
import { FIXTURE_CLIENTS, FIXTURE_INVOICES, GUARDED_CREATE } from './scenarios';
import { ServiceClient } from './service/service-client';
import { benchCredentials } from './workflow/credentials';

const API_KEY = 'bench-key';
const log = (message: string) => console.log(`[guarded-create ${new Date().toISOString().slice(11, 19)}] ${message}`);

function gitCommit(dir: string): string {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
	} catch {
		return 'unknown';
	}
}

async function main(): Promise<void> {
	const started = Date.now();
	const args = parseGuardedArgs(process.argv.slice(2));
	const layout = detectLayout(args.packageDir);
	const packageCommit = gitCommit(args.packageDir);
	log(`package ${args.packageDir} (${packageCommit}, parameter layout ${layout}); ${args.rounds} rounds`);
	const service = await ServiceClient.start({ apiKey: API_KEY, clients: FIXTURE_CLIENTS, invoices: FIXTURE_INVOICES, pattern: 'allNotPaid' });
	try {
		const fixtures = { clientIds: service.ready.clientIds, invoices: service.ready.invoices };
		const plans = guardedPlans({ fixtures, layout, baseUrl: service.url, warmUpItems: args.warmUpItems });
		log('building the package and setting up n8n (credentials, workflows)');
		const { cli } = await setUpN8n({
			baseUrl: service.url,
			apiKey: API_KEY,
			packageDir: args.packageDir,
			extraCredentials: benchCredentials(service.url, API_KEY),
			workflows: plans.map((plan) => plan.workflow),
		});
		const rounds: GuardedRound[] = [];
		for (let index = 0; index < args.rounds; index++) {
			const round = await guardedRound(cli, service, plans[index % plans.length]);
			rounds.push(round);
			const brief = round.runs.map((r) => `${r.contender} ${r.ms} ms (${Object.entries(r.requests).map(([kind, n]) => `${n} ${kind}`).join(', ')})`).join('; ');
			log(`round ${index + 1}/${args.rounds} (n8n ${(round.wallMs / 1000).toFixed(0)} s${round.unattributed ? `, ${round.unattributed} requests outside every window` : ''}): ${brief}`);
		}
		const figures = guardedFigures(rounds);
		const wrong = problems(figures, GUARDED_CREATE.items);
		mkdirSync(args.outDir, { recursive: true });
		const jsonFile = join(args.outDir, `${args.name}.json`);
		const book = `${FIXTURE_INVOICES.toLocaleString('en')} invoices over ${FIXTURE_CLIENTS} clients at the start, +${(3 * (GUARDED_CREATE.items + args.warmUpItems)).toLocaleString('en')} per round`;
		const record = { date: new Date().toISOString(), packageDir: args.packageDir, packageCommit, n8nVersion: N8N_VERSION, book, rounds, figures, problems: wrong, totalSeconds: Math.round((Date.now() - started) / 1000) };
		writeFileSync(jsonFile, `${JSON.stringify(record, null, '\t')}\n`);
		console.log(`\n${GUARDED_CREATE.label}, inside n8n ${N8N_VERSION}: node executionTime, median of ${rounds.length} rounds (min-max), ms, and requests per execution; package ${packageCommit}; book ${book}`);
		console.log(guardedTable(figures));
		const paired = figures.guardedMinusAnyway;
		console.log(`default guards minus Create Anyway in the same execution: ${paired.median.toFixed(0)} ms (${paired.min.toFixed(0)} to ${paired.max.toFixed(0)})`);
		if (wrong.length > 0) {
			console.log(`WRONG:\n${wrong.join('\n')}`);
			process.exitCode = 1;
		}
		console.log(`\nwrote ${jsonFile}; total ${record.totalSeconds} s`);
	} finally {
		await service.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
