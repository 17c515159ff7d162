import type { CredentialFile, N8nCli } from '../../scripts/n8n/n8n-cli';
import type { WorkflowFile } from '../../scripts/n8n/workflows';
import { executeMeasured } from '../measure/n8n-execution';
import { outputOf, segmentTiming } from '../measure/run-data';
import { ratio, spread, type Spread } from '../measure/stats';
import { EXECUTE_TIMEOUT_MS } from '../phases/context';
import { ratioText, spreadText } from '../report/format';
import type { ServiceRequestSummary } from '../service/protocol';
import { ServiceClient } from '../service/service-client';
import {
	BY_NUMBER_BOOK,
	BY_NUMBER_ITEMS,
	byNumberWorkflow,
	LOCATOR_MODES,
	MODE_LABEL,
	spreadOver,
	timedNodeName,
	WARM_UP_BOOK,
	WARM_UP_ITEMS,
	type ByNumberTargets,
	type LocatorMode,
} from './by-number-scenario';

export interface ByNumberSetup {
	services: ServiceClient[];
	book: ServiceClient;
	targets: ByNumberTargets;
	credentials: CredentialFile[];
	workflows: WorkflowFile[];
}

const BOOK_CREDENTIAL = { id: 'bench-invoicing-by-number', name: 'Invoicing book of 10,000 (By Number)' };
const WARM_UP_CREDENTIAL = { id: 'bench-invoicing-by-number-warm-up', name: 'Invoicing book of 100 (By Number warm-up)' };

/** Starts the 10,000-invoice book and the warm-up book (built in memory) and plans one workflow per round. */
export async function setUpByNumber(apiKey: string, rounds: number): Promise<ByNumberSetup> {
	const [book, warmUp] = await Promise.all(
		[BY_NUMBER_BOOK, WARM_UP_BOOK].map((size) => ServiceClient.start({ apiKey, clients: size.clients, invoices: size.invoices, pattern: 'allNotPaid', seed: 'direct' })),
	);
	const pick = (service: ServiceClient, count: number) => ({
		id: spreadOver(service.ready.invoices, count, 0),
		number: spreadOver(service.ready.invoices, count, Math.floor(service.ready.invoices.length / count / 2)),
	});
	const targets: ByNumberTargets = {
		book: { credential: BOOK_CREDENTIAL, invoices: pick(book, BY_NUMBER_ITEMS) },
		warmUp: { credential: WARM_UP_CREDENTIAL, invoices: pick(warmUp, WARM_UP_ITEMS) },
	};
	const credentials: CredentialFile[] = [
		{ ...BOOK_CREDENTIAL, type: 'invoicingApi', data: { baseUrl: book.url, apiKey, headerName: 'Authorization' } },
		{ ...WARM_UP_CREDENTIAL, type: 'invoicingApi', data: { baseUrl: warmUp.url, apiKey, headerName: 'Authorization' } },
	];
	const workflows = Array.from({ length: rounds }, (_, round) => byNumberWorkflow(targets, round));
	return { services: [book, warmUp], book, targets, credentials, workflows };
}

/** A request as the log of one round counts it: method and path, record ids replaced by {id}. */
const requestKind = (request: ServiceRequestSummary): string => `${request.method} ${request.path.replace(/^\/v1/, '').replace(/\/\d{6,}/g, '/{id}')}`;

/** How many requests of each kind one mode's node sent in one execution. */
export type RequestCounts = Record<string, number>;

/**
 * The round's requests split by the node that sent them: each mode pays invoices of its own (their ids are in
 * the path or the body); a request that names none of them (a list read) can only be By Number's lookup.
 */
export function splitRequests(requests: ServiceRequestSummary[], targets: ByNumberTargets): Record<LocatorMode, RequestCounts> {
	const owner = new Map<string, LocatorMode>();
	for (const mode of LOCATOR_MODES) for (const invoice of targets.book.invoices[mode]) owner.set(invoice.id, mode);
	const counts: Record<LocatorMode, RequestCounts> = { id: {}, number: {} };
	for (const request of requests) {
		const named = `${request.path} ${request.rawBody}`.match(/\d{16}/g) ?? [];
		const mode = named.map((id) => owner.get(id)).find((m) => m !== undefined) ?? 'number';
		const kind = requestKind(request);
		counts[mode][kind] = (counts[mode][kind] ?? 0) + 1;
	}
	return counts;
}

export interface ByNumberFigures {
	rounds: number;
	items: number;
	invoices: number;
	clients: number;
	/** Each mode's node executionTime (ms) over the rounds. */
	ms: Record<LocatorMode, Spread>;
	/** By Number over By ID, medians. */
	numberToId: number;
	/** The requests of each mode's node, per round (the same every round, else the bench fails). */
	requests: Record<LocatorMode, RequestCounts>;
}

const sameCounts = (a: RequestCounts, b: RequestCounts) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** One execution per round; checks every payment was recorded on the invoice the item named. */
export async function byNumberRounds(cli: N8nCli, setup: ByNumberSetup, log: (message: string) => void): Promise<ByNumberFigures> {
	const times: Record<LocatorMode, number[]> = { id: [], number: [] };
	let requests: Record<LocatorMode, RequestCounts> | undefined;
	for (const [round, workflow] of setup.workflows.entries()) {
		await setup.book.clearRequests();
		const { run } = await executeMeasured(cli, workflow.id, { timeoutMs: EXECUTE_TIMEOUT_MS });
		for (const mode of LOCATOR_MODES) {
			const node = timedNodeName(mode);
			const output = outputOf(run, node);
			const wanted = setup.targets.book.invoices[mode].map((invoice) => invoice.id);
			const got = output.map((item) => (item.skipped === true ? 'skipped' : String(item.id)));
			if (JSON.stringify(got) !== JSON.stringify(wanted)) throw new Error(`${node}: expected a payment on each of ${wanted.length} invoices in order, got ${JSON.stringify(got.slice(0, 5))}...`);
			times[mode].push(segmentTiming(run, [node]).ms);
		}
		const counts = splitRequests(await setup.book.requests(), setup.targets);
		if (requests && LOCATOR_MODES.some((mode) => !sameCounts(counts[mode], requests?.[mode] ?? {}))) {
			throw new Error(`round ${round + 1} sent other requests than round 1: ${JSON.stringify(counts)} against ${JSON.stringify(requests)}`);
		}
		requests = counts;
		log(`By Number vs By ID, round ${round + 1}/${setup.workflows.length}: By ID ${times.id.at(-1)} ms, By Number ${times.number.at(-1)} ms`);
	}
	const ms = { id: spread(times.id), number: spread(times.number) };
	return {
		rounds: setup.workflows.length,
		items: BY_NUMBER_ITEMS,
		invoices: BY_NUMBER_BOOK.invoices,
		clients: BY_NUMBER_BOOK.clients,
		ms,
		numberToId: ratio(ms.number.median, ms.id.median),
		requests: requests ?? { id: {}, number: {} },
	};
}

const countsText = (counts: RequestCounts) =>
	Object.entries(counts)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([kind, count]) => `${count} x ${kind}`)
		.join(', ');

/** The figures as a Markdown table, then each mode's requests of one execution. */
export function byNumberTable(figures: ByNumberFigures): string {
	const header = ['Record Payment, 100 items in one execution', 'node ms, median (min-max)', 'requests to the service in one execution', 'ratio to By ID'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	for (const mode of LOCATOR_MODES) {
		lines.push(`| ${MODE_LABEL[mode]} | ${spreadText(figures.ms[mode])} | ${countsText(figures.requests[mode])} | ${mode === 'id' ? '1.00' : ratioText(figures.numberToId)} |`);
	}
	return lines.join('\n');
}
