import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type RecordedRequest, type Sandbox, type SandboxOptions } from '../../tools/sandbox';
import { forgetRecentReadsOfEveryProcess } from './harness/node-types';
import { runNode, type NodeRunResult, type RunNodeOptions } from './harness/run-node';

export const API_KEY = 'test-key-123';

export interface EngineFixture {
	sandbox: Sandbox;
	credentials: ICredentialDataDecryptedObject;
	/** Runs the node; the request log then holds only what the node sent. */
	run(parameters: INodeParameters, options?: Partial<Omit<RunNodeOptions, 'parameters'>>): Promise<NodeRunResult>;
	/** Calls the sandbox directly (JSON body) to set up records. */
	api(method: string, path: string, body?: IDataObject): Promise<IDataObject>;
	/** What the node sent: method, path, query, encoding and body as the sandbox parsed them. */
	sent(): Array<Pick<RecordedRequest, 'method' | 'path' | 'query' | 'encoding' | 'rawBody' | 'authorized'> & { authorization?: string }>;
}

/** One sandbox per test file (port 0, API key required), emptied before each test. */
export function useEngineFixture(options: SandboxOptions = { deterministic: true }): EngineFixture {
	const fixture = { credentials: {} } as EngineFixture;
	beforeAll(async () => {
		const sandbox = await startSandbox({ apiKey: API_KEY, ...options });
		// an emptied book gives its ids again: what the node remembers of the old records must not serve the new ones
		fixture.sandbox = {
			...sandbox,
			reset: (opts) => (sandbox.reset(opts), forgetRecentReadsOfEveryProcess()),
			load: (book) => (sandbox.load(book), forgetRecentReadsOfEveryProcess()),
		};
		fixture.credentials = { baseUrl: fixture.sandbox.url, apiKey: API_KEY };
	});
	afterAll(async () => fixture.sandbox.close());
	beforeEach(() => fixture.sandbox.reset({ seed: options.seed }));

	fixture.run = async (parameters, runOptions = {}) => {
		fixture.sandbox.clearRequests();
		return await runNode({ credentials: fixture.credentials, ...runOptions, parameters });
	};
	fixture.api = async (method, path, body) => {
		const response = await fetch(`${fixture.sandbox.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
			body: body ? JSON.stringify(body) : undefined,
		});
		return (await response.json()) as IDataObject;
	};
	fixture.sent = () =>
		fixture.sandbox.requests().map((r) => ({
			method: r.method,
			path: r.path,
			query: r.query,
			encoding: r.encoding,
			rawBody: r.rawBody,
			authorized: r.authorized,
			authorization: r.headers.authorization,
		}));
	return fixture;
}

/** Resource locator value "By ID", as the editor stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** Form body as the node must encode it: PHP bracket notation, URL-encoded. */
export const form = (pairs: Array<[string, string]>) =>
	pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

export const NOW = '2026-01-15 10:00:00';
export const TODAY = '2026-01-15';

/** Resource locator value "By Number" (invoices, estimates). */
export const byNumber = (value: string) => ({ __rl: true, mode: 'number', value });

/** Resource locator value "By E-mail" (clients). */
export const byEmail = (value: string) => ({ __rl: true, mode: 'email', value });

/** A client made through the sandbox's API (set-up, not the node under test); its id. */
export async function addClient(fixture: EngineFixture, names: string, email?: string): Promise<string> {
	const body = await fixture.api('POST', '/client/add', { names, email });
	return (body.data as IDataObject[])[0].id as string;
}

/** A Not Paid invoice of one line (100.00) made through the sandbox's API; its id. */
export async function addInvoice(fixture: EngineFixture, client: string, invoiceNo: string): Promise<string> {
	const body = await fixture.api('POST', '/invoice/add', { client, invoice_no: invoiceNo, payment_status: 'Not Paid', items: [{ description: 'Work', quantity: 1, rate: 100 }] });
	return (body.invoice as IDataObject[])[0].id as string;
}
