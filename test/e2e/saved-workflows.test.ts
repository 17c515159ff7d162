import { readFileSync } from 'node:fs';

import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { startResidentN8n } from '../../tools/scripts/n8n/harness';
import type { ResidentN8n } from '../../tools/scripts/n8n/resident';
import type { WorkflowFile } from '../../tools/scripts/n8n/workflows';
import { CORPUS_SELLER, corpusEntries, readExpectation, receivedRequests, setUpCorpusRecords, withoutRepeatedReads } from '../engine/harness/corpus';

/**
 * The saved-workflow corpus (test/corpus) inside real n8n, with the package installed by the README's manual
 * route: n8n imports each workflow as saved, `n8n execute` (started once for the file) runs it, and the service receives the same requests
 * and every node gives the same items as in the engine test's recording.
 */
const API_KEY = 'corpus-key';
const corpus = corpusEntries();
const workflowId = (key: string) => `corpus-${key.replace('/', '-')}`;

let sandbox: Sandbox;
/** n8n's CLI, started once for the file's imports and runs. */
let n8n: ResidentN8n;

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY, deterministic: true });
	const workflows = corpus.map((entry) => ({ ...(JSON.parse(readFileSync(entry.path, 'utf8')) as WorkflowFile), id: workflowId(entry.key) }));
	const credentialIds = [...new Set(workflows.flatMap((w) => w.nodes.flatMap((n) => Object.values(n.credentials ?? {}).map((c) => c.id ?? ''))))];
	({ n8n } = await startResidentN8n({
		baseUrl: sandbox.url,
		apiKey: API_KEY,
		workflows,
		extraCredentials: credentialIds.map((id) =>
			id === CORPUS_SELLER.id
				? { id, name: CORPUS_SELLER.name, type: 'invoicingSellerApi', data: CORPUS_SELLER.data }
				: { id, name: 'Invoicing account', type: 'invoicingApi', data: { baseUrl: sandbox.url, apiKey: API_KEY, headerName: 'Authorization' } },
		),
	}));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

describe('saved workflows keep working inside real n8n (test/corpus)', () => {
	test.each(corpus.map((entry) => [entry.key, entry] as const))('%s: n8n runs it as saved, with the recorded requests and items', async (_key, entry) => {
		sandbox.reset({});
		await setUpCorpusRecords(entry, sandbox, API_KEY);
		sandbox.clearRequests();
		const run = await n8n.execute(workflowId(entry.key));
		const expected = readExpectation(entry);
		expect(run.status).toBe('success');
		const nodes = Object.fromEntries(
			Object.entries(run.data.resultData.runData).map(([name, tasks]) => {
				const task = tasks[0];
				return [name, task.error ? { error: task.error.message } : (task.data?.main?.[0] ?? []).map((item) => item.json)];
			}),
		);
		expect({ requests: withoutRepeatedReads(receivedRequests(sandbox)), nodes }).toEqual({ ...expected, requests: withoutRepeatedReads(expected.requests) });
	});
});
