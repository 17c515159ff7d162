import type { CredentialFile, N8nCli, RunResult } from '../../scripts/n8n/n8n-cli';
import type { WorkflowFile } from '../../scripts/n8n/workflows';
import { executeMeasured } from '../measure/n8n-execution';
import { segmentTiming } from '../measure/run-data';
import { ratio, spread, type Spread } from '../measure/stats';
import { EXECUTE_TIMEOUT_MS } from '../phases/context';
import { ratioText, spreadText } from '../report/format';
import { ServiceClient } from '../service/service-client';
import {
	BENCH_SELLER,
	EXPORT_BOOK,
	EXPORT_CONTENDERS,
	EXPORT_ITEMS,
	EXPORT_LABEL,
	EXPORT_WARM_UP_ITEMS,
	exportWorkflow,
	outputProblem,
	SELLER_CREDENTIAL_TYPE,
	timedExportNode,
	type ExportContender,
	type ExportTargets,
} from './export-scenario';

export interface ExportSetup {
	service: ServiceClient;
	targets: ExportTargets;
	credentials: CredentialFile[];
	workflows: WorkflowFile[];
}

const INVOICING_CREDENTIAL = { id: 'bench-invoicing-einvoice', name: 'Invoicing book of 1,000 (Export E-Invoice)' };
const SELLER_CREDENTIAL = { id: 'bench-einvoice-seller', name: 'Bench seller (Export E-Invoice)' };

/** Starts the 1,000-invoice book (built in memory) and plans one workflow per round. */
export async function setUpExport(apiKey: string, rounds: number): Promise<ExportSetup> {
	const service = await ServiceClient.start({ apiKey, clients: EXPORT_BOOK.clients, invoices: EXPORT_BOOK.invoices, pattern: 'allNotPaid', seed: 'direct' });
	const targets: ExportTargets = {
		invoicing: INVOICING_CREDENTIAL,
		seller: SELLER_CREDENTIAL,
		invoices: service.ready.invoices.slice(0, EXPORT_ITEMS).map((invoice) => ({ id: invoice.id, invoice_no: invoice.invoice_no })),
	};
	const credentials: CredentialFile[] = [
		{ ...INVOICING_CREDENTIAL, type: 'invoicingApi', data: { baseUrl: service.url, apiKey, headerName: 'Authorization' } },
		{ ...SELLER_CREDENTIAL, type: SELLER_CREDENTIAL_TYPE, data: BENCH_SELLER },
	];
	const workflows = Array.from({ length: rounds }, (_, round) => exportWorkflow(targets, round));
	return { service, targets, credentials, workflows };
}

export interface ExportFigures {
	rounds: number;
	items: number;
	/** Each node's executionTime (ms) over the rounds. */
	ms: Record<ExportContender, Spread>;
	/** Export over Get, medians. */
	exportToGet: number;
	/** Export with the buyer fields mapped one by one over Get, medians. */
	mappedToGet: number;
	/** The requests of one execution (warm-up included), by kind. */
	requests: Record<string, number>;
}

type OutputItem = { json: Record<string, unknown>; binary?: Record<string, { fileName?: string }> };

/** A node's first output as n8n printed it, its binary metadata included. */
function itemsOf(run: RunResult, node: string): OutputItem[] {
	return (run.data.resultData.runData[node]?.[0]?.data?.main[0] ?? []) as OutputItem[];
}

/** The request kinds the nodes together should send in one execution: one invoice read per item each, nothing else. */
export function expectedRequests(items: number, warmUpItems: number): Record<string, number> {
	return { 'GET /invoice/{id}': EXPORT_CONTENDERS.length * (items + warmUpItems) };
}

/** One execution per round; checks each node gave one item per invoice (Export: its file) and the requests sent. */
export async function exportRounds(cli: N8nCli, setup: ExportSetup, log: (message: string) => void): Promise<ExportFigures> {
	const times: Record<ExportContender, number[]> = { get: [], export: [], mapped: [] };
	let sent: Record<string, number> = {};
	const wanted = expectedRequests(setup.targets.invoices.length, EXPORT_WARM_UP_ITEMS);
	for (const [round, workflow] of setup.workflows.entries()) {
		const from = Date.now();
		const { run } = await executeMeasured(cli, workflow.id, { timeoutMs: EXECUTE_TIMEOUT_MS });
		// counted by kind over the execution's window (the service's request log keeps only its last 1,000)
		const requests = await setup.service.requestKinds(from, Date.now());
		for (const contender of EXPORT_CONTENDERS) {
			const node = timedExportNode(contender);
			const problem = outputProblem(contender, itemsOf(run, node), setup.targets.invoices);
			if (problem) throw new Error(problem);
			times[contender].push(segmentTiming(run, [node]).ms);
		}
		sent = requests;
		if (JSON.stringify(requests) !== JSON.stringify(wanted)) throw new Error(`round ${round + 1} sent ${JSON.stringify(requests)}, expected ${JSON.stringify(wanted)}`);
		log(`Export E-Invoice vs Get, round ${round + 1}/${setup.workflows.length}: Get ${times.get.at(-1)} ms, Export ${times.export.at(-1)} ms (mapped one by one ${times.mapped.at(-1)} ms)`);
	}
	const ms = { get: spread(times.get), export: spread(times.export), mapped: spread(times.mapped) };
	return {
		rounds: setup.workflows.length,
		items: setup.targets.invoices.length,
		ms,
		exportToGet: ratio(ms.export.median, ms.get.median),
		mappedToGet: ratio(ms.mapped.median, ms.get.median),
		requests: sent,
	};
}

/** The scenario's rounds with its progress and table on the console (`npm run bench`, `--einvoice-only`). */
export async function runExportScenario(cli: N8nCli, setup: ExportSetup, log: (message: string) => void, heading: string): Promise<ExportFigures> {
	log(`Export E-Invoice vs Get scenario: ${setup.workflows.length} executions, ${setup.targets.invoices.length.toLocaleString('en')} invoices each (after ${EXPORT_WARM_UP_ITEMS} untimed)`);
	const figures = await exportRounds(cli, setup, log);
	console.log(`\nExport E-Invoice (XRechnung UBL, Buyer Fields: Map Automatically, seller credential) against Get Invoice by ID, ${heading}, node executionTime, median of ${figures.rounds} (min-max), ms`);
	console.log(exportTable(figures));
	return figures;
}

/** The figures as a Markdown table. */
export function exportTable(figures: ExportFigures): string {
	const header = [`${figures.items.toLocaleString('en')} invoices in one execution`, 'node ms, median (min-max)', 'ratio to Get'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	const ratioOf: Record<ExportContender, number> = { get: 1, export: figures.exportToGet, mapped: figures.mappedToGet };
	for (const contender of EXPORT_CONTENDERS) {
		lines.push(`| ${EXPORT_LABEL[contender]} | ${spreadText(figures.ms[contender])} | ${ratioText(ratioOf[contender])} |`);
	}
	return lines.join('\n');
}
