import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, IWorkflowBase } from 'n8n-workflow';

import type { Sandbox } from '../../../tools/sandbox';

/** Workflows saved with each node version's parameters: test/corpus/v<version>/<name>.json. */
export const CORPUS = join(__dirname, '..', '..', 'corpus');

/** The Invoicing E-Invoice Seller API credential the corpus's Export E-Invoice names (all other credentials are the service's). */
export const CORPUS_SELLER = {
	id: 'corpus-seller',
	name: 'Seller',
	data: {
		name: 'Initrode GmbH',
		street: 'Lindenallee 3',
		city: 'Köln',
		postalCode: '50667',
		country: 'DE',
		vatId: 'DE999999999',
		contactName: 'Accounts',
		contactPhone: '+49 221 5555',
		contactEmail: 'accounts@initrode.example',
		electronicAddress: 'accounts@initrode.example',
		iban: 'DE02120300000000202051',
		paymentTerms: 'Net 14 days',
	},
};

export interface CorpusEntry {
	/** `v1/invoice` */
	key: string;
	version: number;
	path: string;
}

/** What a corpus workflow did when it was recorded: the requests the service received and each node's items. */
export interface CorpusExpectation {
	requests: Array<{ method: string; path: string; query: Record<string, unknown>; body: string }>;
	nodes: Record<string, IDataObject[] | { error: string }>;
}

export const corpusEntries = (): CorpusEntry[] =>
	readdirSync(CORPUS)
		.filter((dir) => /^v\d+$/.test(dir))
		.flatMap((dir) =>
			readdirSync(join(CORPUS, dir))
				.filter((file) => file.endsWith('.json') && !/\.(expected|baseline)\.json$/.test(file))
				.map((file) => ({ key: `${dir}/${file.replace(/\.json$/, '')}`, version: Number(dir.slice(1)), path: join(CORPUS, dir, file) })),
		);

export const readWorkflow = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as IWorkflowBase;
export const expectationPath = (entry: CorpusEntry) => entry.path.replace(/\.json$/, '.expected.json');
export const readExpectation = (entry: CorpusEntry) => JSON.parse(readFileSync(expectationPath(entry), 'utf8')) as CorpusExpectation;

/** What the service received, as the expectations hold it. */
export const receivedRequests = (sandbox: Sandbox): CorpusExpectation['requests'] =>
	sandbox.requests().map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.rawBody }));

/**
 * The requests without the GETs of a record (not a list) that was read earlier with no write between. Inside real n8n such a
 * read, when less than a second old, is served from memory (docs/design.md, "Reads served from memory"); on a
 * busy machine the next node may start later than that and read the record again. Every write, and the order of
 * the rest, stays compared.
 */
export function withoutRepeatedReads<T extends { method: string; path: string }>(requests: T[]): T[] {
	let readSinceWrite = new Set<string>();
	return requests.filter((r) => {
		if (r.method !== 'GET') {
			readSinceWrite = new Set();
			return true;
		}
		if (r.path.endsWith('/all')) return true;
		if (readSinceWrite.has(r.path)) return false;
		readSinceWrite.add(r.path);
		return true;
	});
}

/** Records a workflow needs before it runs (the sandbox starts empty, with a fixed clock and ids). */
export async function setUpCorpusRecords(entry: CorpusEntry, sandbox: Sandbox, apiKey: string): Promise<void> {
	if (!entry.key.endsWith('/defaults')) return;
	const post = (path: string, body: object) =>
		fetch(`${sandbox.url}${path}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
	await post('/client/add', { names: 'Umbrella Corp', email: 'ap@umbrella.example' });
	await post('/invoice/add', {
		client: '1000000000000001',
		invoice_no: 'INV-D-1',
		payment_status: 'Not Paid',
		currency: 'USD',
		issue_date: '2026-01-02',
		due_date: '2026-01-09',
		items: [{ description: 'Consulting', quantity: 3, rate: 120 }],
	});
}

/**
 * The first recording (`<name>.baseline.json`), never re-recorded: what a workflow saved then relies on. A later
 * recording may add reads and item keys; it must keep every write and every item's keys and values.
 */
export const readBaseline = (entry: CorpusEntry) => JSON.parse(readFileSync(entry.path.replace(/\.json$/, '.baseline.json'), 'utf8')) as CorpusExpectation;

export const writes = (expectation: CorpusExpectation) => expectation.requests.filter((r) => r.method !== 'GET');

/** Where `now` lost or changed what `was` held (keys of objects, values, list lengths); added keys are fine. */
export function lostOutput(was: unknown, now: unknown, path = ''): string[] {
	if (Array.isArray(was)) {
		if (!Array.isArray(now) || now.length !== was.length) return [`${path}: ${JSON.stringify(was).slice(0, 80)} -> ${JSON.stringify(now).slice(0, 80)}`];
		return was.flatMap((item, i) => lostOutput(item, now[i], `${path}[${i}]`));
	}
	if (typeof was === 'object' && was !== null) {
		if (typeof now !== 'object' || now === null || Array.isArray(now)) return [`${path}: no longer an object`];
		return Object.entries(was).flatMap(([key, value]) =>
			key in now ? lostOutput(value, (now as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}: removed`],
		);
	}
	return was === now ? [] : [`${path}: ${JSON.stringify(was)} -> ${JSON.stringify(now)}`];
}
