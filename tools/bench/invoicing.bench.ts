/**
 * `npm run bench`: this node against n8n's HTTP Request node (plus the built-in nodes a user needs for the same
 * output) against a raw keep-alive client, inside real n8n 2.40.7, against the sandbox on loopback.
 * One `n8n execute` per round runs every scenario for both n8n contenders (the first contender alternates);
 * the raw client runs its round before or after, alternating too. Prints the table, writes
 * <out>/<name>.json and <name>.svg. Bounded: at most 15 rounds, each `n8n execute` killed after 5 minutes, no
 * round started after 20 minutes. Hold the machine's n8n lock around it: `flock /tmp/n8n-run.lock npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

import { N8N_DIR, N8N_VERSION, NODE24_VERSION } from '../scripts/n8n/config';
import { setUpN8n } from '../scripts/n8n/harness';
import { parseArgs } from './args';
import { bookRounds, bookTable, setUpBooks, type BookFigures, type BookSetup } from './book/book-rounds';
import { BOOK_CONTENDERS, BOOK_SIZES, INVOICES_PER_CLIENT } from './book/book-scenario';
import { countedFigures, countedTable } from './chains/counted-report';
import { countedOnly } from './chains/counted-only';
import { setUpCounted, type CountedSetup } from './chains/counted-services';
import { byNumberRounds, byNumberTable, setUpByNumber, type ByNumberFigures, type ByNumberSetup } from './book/by-number-rounds';
import { exportTable, runExportScenario, setUpExport, type ExportFigures, type ExportSetup } from './einvoice/export-rounds';
import { detectLayout } from './layout';
import { ratio, spread } from './measure/stats';
import type { BenchContext } from './phases/context';
import { n8nRound, type N8nRound } from './phases/n8n-round';
import { profileCreate, profilePlan } from './phases/profile';
import { rawRound, rawScenario, type RawTiming } from './phases/raw-round';
import { verify, verifyPlan } from './phases/verify';
import { buildPreload } from './preload/build-preload';
import { RawClient } from './raw/raw-client';
import type { BenchFigures, ContenderFigures, ScenarioFigures } from './report/figures';
import { barChartSvg } from './report/svg-chart';
import { figuresTable, profileText } from './report/table';
import { COUNTED_SCENARIOS, FIXTURE_CLIENTS, FIXTURE_INVOICES, LIFECYCLE_BOOK, LIST_SIZE, SCENARIOS, SEQUENCE_BOOK, type ScenarioId } from './scenarios';
import type { BusyShare } from './service/protocol';
import { ServiceClient } from './service/service-client';
import { benchCredentials } from './workflow/credentials';
import { roundWorkflow } from './workflow/round-workflow';

const API_KEY = 'bench-key';
const ROUND_DEADLINE_MS = 20 * 60 * 1000;
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function gitCommit(dir: string): string {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
	} catch {
		return 'unknown';
	}
}

function contenderFigures(
	rounds: Array<{ ms: number; busy: BusyShare; outputItems: number; peakRssKb?: number }>,
	extra: Partial<ContenderFigures>,
): ContenderFigures {
	const values = rounds.map((r) => r.ms);
	return {
		ms: spread(values),
		rounds: values,
		serviceBusy: spread(rounds.map((r) => r.busy.eventLoop)),
		outputItems: rounds[0]?.outputItems ?? 0,
		...(rounds[0]?.peakRssKb !== undefined ? { peakRssMb: spread(rounds.map((r) => (r.peakRssKb ?? 0) / 1024)) } : {}),
		...extra,
	};
}

async function main(): Promise<void> {
	const started = Date.now();
	const args = parseArgs(process.argv.slice(2));
	const layout = detectLayout(args.packageDir);
	// the commit measured is the one at the start (the build is made from the checkout right after)
	const packageCommit = gitCommit(args.packageDir);
	log(`package ${args.packageDir} (${packageCommit}, parameter layout ${layout}); ${args.rounds} rounds${args.profile ? ' + CPU profile' : ''}`);

	log(`starting the services: main (${FIXTURE_INVOICES} invoices) and list (${LIST_SIZE} invoices, every second one Not Paid)`);
	const [main, list] = await Promise.all([
		ServiceClient.start({ apiKey: API_KEY, clients: FIXTURE_CLIENTS, invoices: FIXTURE_INVOICES, pattern: 'allNotPaid' }),
		ServiceClient.start({ apiKey: API_KEY, clients: FIXTURE_CLIENTS, invoices: LIST_SIZE, pattern: 'notPaidEvery2' }),
	]);
	const raw = new RawClient(API_KEY);
	let books: BookSetup | undefined;
	let byNumber: ByNumberSetup | undefined;
	let counted: CountedSetup | undefined;
	let einvoice: ExportSetup | undefined;
	// --book-only / --by-number-only / --einvoice-only: those scenarios alone
	const onlyBooks = args.book === 'only' || args.byNumber === 'only' || args.einvoice === 'only';
	try {
		if (args.book !== 'none') {
			log(`starting the book-size services (${BOOK_SIZES.join(', ')} invoices, ${INVOICES_PER_CLIENT} per client, built in memory)`);
			books = await setUpBooks(API_KEY);
		}
		if (args.byNumber !== 'none') {
			log('starting the By Number services (10,000 invoices, 1,000 clients; 100 for the warm-up; built in memory)');
			byNumber = await setUpByNumber(API_KEY, args.rounds);
		}
		if (args.einvoice !== 'none') {
			log('starting the Export E-Invoice service (1,000 invoices, 10 clients, built in memory)');
			einvoice = await setUpExport(API_KEY, args.rounds);
		}
		if (args.counted !== 'none' && !onlyBooks) {
			log(`starting the services of the counted scenarios: life-cycle (${LIFECYCLE_BOOK.invoices} invoices) and Next in Sequence's book (${SEQUENCE_BOOK.invoices.toLocaleString('en')} invoices), built in memory`);
			counted = await setUpCounted(API_KEY, main);
		}
		// --counted-only: the counted scenarios alone in each round (no verification, raw client or warm-up of the others)
		const aloneCounted = args.counted === 'only' ? { scenarios: [], warmUpItems: 0 } : {};
		const countedPlan = counted ? { scenarios: COUNTED_SCENARIOS, targets: counted.targets } : undefined;
		const fixtures = { clientIds: main.ready.clientIds, invoices: main.ready.invoices };
		const base = { fixtures, layout, main, list };
		const plans = {
			verify: verifyPlan(base),
			A: roundWorkflow({ ...base, ...aloneCounted, id: 'benchRoundNodeFirst', name: 'bench round: Invoicing node first', first: 'node', baseUrl: main.url, listBaseUrl: list.url, warmUpItems: args.warmUpItems, counted: countedPlan }),
			B: roundWorkflow({ ...base, ...aloneCounted, id: 'benchRoundHttpFirst', name: 'bench round: HTTP Request first', first: 'http', baseUrl: main.url, listBaseUrl: list.url, warmUpItems: args.warmUpItems, counted: countedPlan }),
			profile: profilePlan(base, args.warmUpItems, counted?.targets),
		};
		log('building the package and setting up n8n (credentials, workflows)');
		const { cli } = await setUpN8n({
			baseUrl: main.url,
			apiKey: API_KEY,
			packageDir: args.packageDir,
			extraCredentials: [...benchCredentials(list.url, API_KEY), ...(books?.credentials ?? []), ...(byNumber?.credentials ?? []), ...(counted?.credentials ?? []), ...(einvoice?.credentials ?? [])],
			workflows: [
				...(onlyBooks ? [] : [plans.verify.workflow, plans.A.workflow, plans.B.workflow, plans.profile.workflow]),
				...(books?.workflows ?? []),
				...(byNumber?.workflows ?? []),
				...(einvoice?.workflows ?? []),
			],
		});
		const runBooks = async (): Promise<BookFigures | undefined> => {
			if (!books) return undefined;
			log(`book-size scenario: ${args.rounds} executions, one item per contender (${BOOK_CONTENDERS.join(', ')})`);
			const figures = await bookRounds(cli, books, args.rounds, log);
			console.log(`\nOne item per execution over books of ${BOOK_SIZES.join(', ')} invoices (${INVOICES_PER_CLIENT} per client), inside n8n ${N8N_VERSION}, node executionTime, median of ${figures.rounds} (min-max), ms; package ${packageCommit}`);
			console.log(bookTable(figures));
			return figures;
		};
		const runByNumber = async (): Promise<ByNumberFigures | undefined> => {
			if (!byNumber) return undefined;
			log(`By Number scenario: ${args.rounds} executions, Record Payment By ID and By Number, 100 items each`);
			const figures = await byNumberRounds(cli, byNumber, log);
			console.log(`\nRecord Payment, ${figures.items} items in one execution over a book of ${figures.invoices.toLocaleString('en')} invoices (${figures.clients.toLocaleString('en')} clients), By ID and By Number in the same executions, inside n8n ${N8N_VERSION}, node executionTime, median of ${figures.rounds} (min-max), ms; package ${packageCommit}`);
			console.log(byNumberTable(figures));
			return figures;
		};
		const runEInvoice = async (): Promise<ExportFigures | undefined> =>
			einvoice ? await runExportScenario(cli, einvoice, log, `inside n8n ${N8N_VERSION}; package ${packageCommit}`) : undefined;
		if (onlyBooks) {
			const bookSize = await runBooks();
			const byNumberFigures = await runByNumber();
			const einvoiceFigures = await runEInvoice();
			mkdirSync(args.outDir, { recursive: true });
			const jsonFile = join(args.outDir, `${args.name}.json`);
			const figures = { date: new Date().toISOString(), packageDir: args.packageDir, packageCommit, n8nVersion: N8N_VERSION, bookSize, byNumber: byNumberFigures, einvoice: einvoiceFigures };
			writeFileSync(jsonFile, `${JSON.stringify(figures, null, '\t')}\n`);
			log(`wrote ${jsonFile}; total ${Math.round((Date.now() - started) / 1000)} s`);
			return;
		}
		const context: BenchContext = {
			cli,
			main,
			list,
			raw,
			fixtures,
			layout,
			preloadFile: buildPreload(),
			n8nPackageDir: join(N8N_DIR, 'node_modules', 'n8n'),
			workDir: mkdtempSync(join(tmpdir(), 'invoicing-bench-')),
			deadline: started + ROUND_DEADLINE_MS,
			...(counted ? { counted: { main, lifecycle: counted.lifecycle, sequenceBook: counted.sequenceBook } } : {}),
		};

		if (args.counted === 'only') {
			await countedOnly(context, [plans.A, plans.B], { rounds: args.rounds, outFile: join(args.outDir, `${args.name}.json`), packageCommit, log });
			return;
		}
		log('verification run (20 items per scenario, expression counter loaded)');
		const verification = await verify(context, plans.verify);
		for (const check of verification.checks) {
			log(`  ${check.scenario}: ${check.same ? 'same requests and items' : 'DIFFERENT'} from all three contenders (${check.requests} requests each)`);
			if (check.detail) console.log(check.detail);
		}

		log(`raw client warm-up (${args.warmUpItems} creates and gets)`);
		if (args.warmUpItems > 0) {
			await rawScenario(context, { id: 'create100', label: 'warm-up', items: args.warmUpItems }, 'raw-warmup');
			await rawScenario(context, { id: 'get1000', label: 'warm-up', items: args.warmUpItems }, 'raw-warmup');
		}

		const n8nRounds: N8nRound[] = [];
		const rawRounds: Array<Record<ScenarioId, RawTiming>> = [];
		for (let round = 0; round < args.rounds; round++) {
			if (Date.now() > context.deadline) {
				log(`time bound reached: stopping after ${round} rounds`);
				break;
			}
			const nodeFirst = round % 2 === 0;
			const rawFirst = round % 2 === 1;
			if (rawFirst) rawRounds.push(await rawRound(context, `raw-${round + 1}`));
			const plan = nodeFirst ? plans.A : plans.B;
			const result = await n8nRound(context, plan.workflow.id, plan);
			n8nRounds.push(result);
			if (!rawFirst) rawRounds.push(await rawRound(context, `raw-${round + 1}`));
			const brief = SCENARIOS.map((s) => {
				const t = (c: 'node' | 'http') => result.segments.find((x) => x.scenario === s.id && x.contender === c)?.timing.ms ?? Number.NaN;
				return `${s.id} ${t('node')}/${t('http')}/${rawRounds[rawRounds.length - 1][s.id].ms.toFixed(0)}`;
			}).join(', ');
			const countedBrief = result.segments
				.filter((x) => x.requests && x.contender === 'node')
				.map((x) => `${x.scenario} ${x.timing.ms}/${result.segments.find((y) => y.scenario === x.scenario && y.contender === 'http')?.timing.ms ?? Number.NaN}`)
				.join(', ');
			log(`round ${round + 1}/${args.rounds} (${nodeFirst ? 'node' : 'HTTP'} first, raw ${rawFirst ? 'first' : 'last'}; n8n ${(result.wallMs / 1000).toFixed(0)} s): ${brief} ms (node/HTTP/raw)${countedBrief ? `; ${countedBrief} ms (node/HTTP)` : ''}`);
		}

		let profile: BenchFigures['profile'];
		if (args.profile) {
			log('CPU profile run (create and get x1,000, --cpu-prof)');
			profile = await profileCreate(context, plans.profile);
		}

		const scenarios: ScenarioFigures[] = SCENARIOS.map((scenario) => {
			const of = (contender: 'node' | 'http') =>
				n8nRounds.map((r) => {
					const segment = r.segments.find((s) => s.scenario === scenario.id && s.contender === contender);
					if (!segment) throw new Error(`no ${contender} timing for ${scenario.id}`);
					return { ms: segment.timing.ms, busy: segment.busy, outputItems: segment.timing.outputItems, peakRssKb: segment.peakRssKb };
				});
			const planSegment = (contender: 'node' | 'http') => plans.A.segments.find((s) => !s.warmUp && s.scenario === scenario.id && s.contender === contender);
			const expressions = verification.expressionsPerItem[scenario.id];
			const node = contenderFigures(of('node'), { expressionsPerItem: expressions.node, nodes: planSegment('node')?.nodeNames });
			const http = contenderFigures(of('http'), { expressionsPerItem: expressions.http, nodes: planSegment('http')?.nodeNames });
			const rawFigures = contenderFigures(
				rawRounds.map((r) => ({ ms: r[scenario.id].ms, busy: { eventLoop: Number.NaN, cpu: Number.NaN }, outputItems: r[scenario.id].outputItems })),
				{},
			);
			return {
				id: scenario.id,
				label: scenario.label,
				items: scenario.items,
				contenders: { node, http, raw: rawFigures },
				nodeToHttp: ratio(node.ms.median, http.ms.median),
				nodeToRaw: ratio(node.ms.median, rawFigures.ms.median),
			};
		});
		// the raw client's windows: the service's busy share, asked after the fact
		for (const scenario of scenarios) {
			const shares = await Promise.all(
				rawRounds.map((r) => (scenario.id === 'getMany10000' ? list : main).busy(r[scenario.id].from, r[scenario.id].to)),
			);
			scenario.contenders.raw.serviceBusy = spread(shares.map((s) => s.eventLoop));
		}

		const countedRows = counted ? countedFigures(n8nRounds) : undefined;
		const bookSize = await runBooks();
		const byNumberFigures = await runByNumber();
		const einvoiceFigures = await runEInvoice();
		const cpu = cpus();
		const figures: BenchFigures = {
			date: new Date().toISOString(),
			packageDir: args.packageDir,
			packageCommit,
			parameterLayout: layout,
			n8nVersion: N8N_VERSION,
			nodeVersion: NODE24_VERSION,
			expressionEngine: verification.engine,
			machine: { cpus: cpu.length, model: cpu[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 1024 ** 3) },
			rounds: n8nRounds.length,
			warmUpItems: args.warmUpItems,
			n8nPeakMb: spread(n8nRounds.map((r) => r.hwmKb / 1024)),
			scenarios,
			requestChecks: verification.checks,
			...(profile ? { profile } : {}),
			...(bookSize ? { bookSize } : {}),
			...(byNumberFigures ? { byNumber: byNumberFigures } : {}),
			...(einvoiceFigures ? { einvoice: einvoiceFigures } : {}),
			...(countedRows ? { counted: countedRows } : {}),
			totalSeconds: 0,
		};
		figures.totalSeconds = Math.round((Date.now() - started) / 1000);

		const title = `Invoicing node vs HTTP Request chain vs raw client, inside n8n ${N8N_VERSION}`;
		const subtitle = `median of ${figures.rounds} interleaved rounds (line: min-max), ms, ${figures.machine.cpus} cores, loopback; package ${figures.packageCommit}`;
		const svg = barChartSvg(
			title,
			subtitle,
			scenarios.map((s) => ({ label: s.label, nodeToHttp: s.nodeToHttp, bars: { node: s.contenders.node.ms, http: s.contenders.http.ms, raw: s.contenders.raw.ms } })),
		);
		mkdirSync(args.outDir, { recursive: true });
		const jsonFile = join(args.outDir, `${args.name}.json`);
		writeFileSync(jsonFile, `${JSON.stringify(figures, null, '\t')}\n`);
		writeFileSync(join(args.outDir, `${args.name}.svg`), svg);

		console.log(`\n${title}; ${subtitle}; expression engine ${figures.expressionEngine}`);
		console.log(figuresTable(figures));
		console.log(`n8n process peak memory (VmHWM per round, both n8n contenders): ${figures.n8nPeakMb.median.toFixed(0)} MB (${figures.n8nPeakMb.min.toFixed(0)}-${figures.n8nPeakMb.max.toFixed(0)})`);
		const differing = verification.checks.filter((c) => !c.same);
		console.log(differing.length === 0 ? 'Requests and output items: the same for all three contenders in every scenario.' : `DIFFERENT requests or items in: ${differing.map((c) => c.scenario).join(', ')}`);
		if (countedRows) {
			console.log(`\nIssue 36: the node as a user who changes nothing has it vs the HTTP Request chain, same rounds, node executionTime, median of ${figures.rounds} (min-max), ms; requests per execution counted by the service`);
			console.log(countedTable(countedRows));
		}
		if (profile) console.log(`\n${profileText(figures)}`);
		console.log(`\nwrote ${jsonFile} and ${join(dirname(jsonFile), `${args.name}.svg`)}; total ${figures.totalSeconds} s`);
		if (bookSize) console.log(`\nBook sizes (one item per execution):\n${bookTable(bookSize)}`);
		if (byNumberFigures) console.log(`\nRecord Payment By Number vs By ID:\n${byNumberTable(byNumberFigures)}`);
		if (einvoiceFigures) console.log(`\nExport E-Invoice vs Get Invoice by ID:\n${exportTable(einvoiceFigures)}`);
		if (differing.length > 0 || countedRows?.some((row) => row.unlike.length > 0)) process.exitCode = 1;
	} finally {
		raw.close();
		const countedServices = counted ? [counted.lifecycle, counted.sequenceBook] : [];
		await Promise.all([main, list, ...(books?.services ?? []), ...(byNumber?.services ?? []), ...countedServices, ...(einvoice ? [einvoice.service] : [])].map((service) => service.stop()));
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});

