import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeHelpers, type INodeParameters, type IWorkflowBase } from 'n8n-workflow';

import { RECENT_READ_MS, setRecentReadWindow } from '../../nodes/Invoicing/helpers/request/recent-reads';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { API_KEY } from './fixture';
import {
	CORPUS,
	corpusEntries,
	expectationPath,
	lostOutput,
	readBaseline,
	readExpectation,
	readWorkflow as read,
	receivedRequests,
	setUpCorpusRecords,
	writes,
	type CorpusExpectation,
} from './harness/corpus';
import { forgetRecentReadsOfEveryProcess, INVOICING_TYPE } from './harness/node-types';
import { runSavedWorkflow, savedWorkflowNodeTypes } from './harness/saved-workflow';

/**
 * Workflows saved with each version's parameters (test/corpus/v<version>/), as n8n saves them: parameters
 * equal to their default left out. Each must keep running: n8n must not refuse it, and it must send the same
 * requests and give the same items as when it was recorded (`<name>.expected.json`, written only with
 * INVOICING_RECORD_CORPUS=1 and then read by a person before committing). test/e2e/saved-workflows.test.ts
 * runs the same corpus inside real n8n.
 */
const RECORD = process.env.INVOICING_RECORD_CORPUS === '1';
const corpus = corpusEntries();
const invoicingNodes = (workflow: IWorkflowBase) => workflow.nodes.filter((node) => node.type === INVOICING_TYPE);
const description = savedWorkflowNodeTypes().getByNameAndVersion(INVOICING_TYPE, 1).description;

describe('saved workflows keep working (test/corpus)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ apiKey: API_KEY, deterministic: true });
		// A busy machine must not decide which reads are served from memory (the recordings were made within it).
		setRecentReadWindow(10_000);
	});
	afterAll(async () => {
		setRecentReadWindow(RECENT_READ_MS);
		await sandbox.close();
	});

	test.each(corpus.map((c) => [c.key, c] as const))('%s runs: n8n takes it, and it sends and outputs what it did when recorded', async (_key, entry) => {
		sandbox.reset({});
		forgetRecentReadsOfEveryProcess();
		await setUpCorpusRecords(entry, sandbox, API_KEY);
		sandbox.clearRequests();
		const run = await runSavedWorkflow(read(entry.path), { baseUrl: sandbox.url, apiKey: API_KEY });
		const actual: CorpusExpectation = { requests: receivedRequests(sandbox), nodes: run.nodes };
		if (RECORD) writeFileSync(expectationPath(entry), `${JSON.stringify(actual, null, 2)}\n`);
		expect(run.error).toBeUndefined();
		expect(Object.keys(run.nodes).sort()).toEqual(read(entry.path).nodes.map((n) => n.name).sort());
		expect(sandbox.requests().every((r) => r.authorized)).toBe(true);
		expect(actual).toEqual(readExpectation(entry));
		// against the first recording: the same writes, and every item key and value it had
		const baseline = readBaseline(entry);
		expect(writes(actual)).toEqual(writes(baseline));
		expect(lostOutput(baseline.nodes, actual.nodes)).toEqual([]);
	});

	test.each(corpus.map((c) => [c.key, c] as const))('%s is in the form n8n saves: no parameter equal to its default', (_key, entry) => {
		for (const node of invoicingNodes(read(entry.path))) {
			const saved = NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description);
			expect({ node: node.name, parameters: saved }).toEqual({ node: node.name, parameters: node.parameters as INodeParameters });
		}
	});

	test("a workflow saved with 0.1.0's name for an invoice's client (`clientId`) is refused before any node runs: what the corpus guards against", async () => {
		sandbox.reset({});
		forgetRecentReadsOfEveryProcess();
		sandbox.clearRequests();
		const workflow = read(join(CORPUS, 'v1', 'invoice.json'));
		const createInvoice = workflow.nodes.find((node) => node.name === 'Create Invoice');
		if (!createInvoice) throw new Error('corpus v1/invoice has no Create Invoice');
		const { client, ...rest } = createInvoice.parameters;
		createInvoice.parameters = { ...rest, clientId: client };
		const run = await runSavedWorkflow(workflow, { baseUrl: sandbox.url, apiKey: API_KEY });
		expect(run.error).toMatch(/issues/i);
		expect(run.nodes).toEqual({});
		expect(sandbox.requests()).toEqual([]);
	});

	test('a lost item key or a changed value against the first recording is reported; added keys are not', () => {
		const was = { 'Get Invoice': [{ id: '1', total: 10, items: [{ rate: '1.00' }] }] };
		expect(lostOutput(was, { 'Get Invoice': [{ id: '1', total: 10, items: [{ rate: '1.00', amount: '1.00' }], payments: [] }] })).toEqual([]);
		expect(lostOutput(was, { 'Get Invoice': [{ id: '1', total: '10.00', items: [{}] }] })).toEqual([
			'.Get Invoice[0].total: 10 -> "10.00"',
			'.Get Invoice[0].items[0].rate: removed',
		]);
	});

	test('every resource and operation of each node version is in its corpus at least once', () => {
		const versions = ([] as number[]).concat(description.version);
		for (const version of versions) {
			const resourceParam = description.properties.find((p) => p.name === 'resource');
			const wanted = description.properties
				.filter((p) => p.name === 'operation')
				.flatMap((p) => (p.displayOptions?.show?.resource as string[]).flatMap((resource) => (p.options as Array<{ value: string }>).map((o) => `${resource}:${o.value}`)));
			const covered = new Set(
				corpus
					.filter((c) => c.version === version)
					.flatMap((c) => invoicingNodes(read(c.path)))
					.map((node) => {
						const resource = String(node.parameters.resource ?? resourceParam?.default);
						const operation = node.parameters.operation ?? description.properties.find((p) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[]).includes(resource))?.default;
						return `${resource}:${String(operation)}`;
					}),
			);
			expect({ version, missing: wanted.filter((w) => !covered.has(w)) }).toEqual({ version, missing: [] });
		}
	});
});
