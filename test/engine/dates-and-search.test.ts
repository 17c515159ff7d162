import type { IDataObject } from 'n8n-workflow';

import { overdueInvoices } from '../../tools/sandbox';
import { searchList } from './harness/list-search';
import { API_KEY, byId, useEngineFixture } from './fixture';

describe('dates and list search through the n8n engine (demo book, real clock)', () => {
	const ctx = useEngineFixture({ seed: 'demo' });

	test('Overdue Only returns exactly the Not Paid invoices due before today', async () => {
		const state = ctx.sandbox.state();
		const today = new Date().toISOString().slice(0, 10);
		const expected = overdueInvoices(state, today).map((i) => i.invoice_no);
		expect(expected.length).toBeGreaterThan(0);
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { overdueOnly: true } });
		expect(result.items.map((i) => i.json.invoice_no)).toEqual(expected);
		expect(result.items.every((i) => i.json.payment_status === 'Not Paid')).toBe(true);
	});

	test.each([
		// an instant is converted to the workflow's zone first: 23:30 in Berlin stays that day, never shifted by UTC
		['Europe/Berlin', '2026-03-01T23:30:00.000+01:00', '2026-03-01'],
		['Europe/Berlin', '2026-03-01T22:30:00.000Z', '2026-03-01'],
		['America/New_York', '2026-03-01T02:00:00.000Z', '2026-02-28'],
		['Pacific/Auckland', '2026-03-01T12:00:00.000Z', '2026-03-02'],
		// the date picker's value has no offset: it is already in the workflow's time zone
		['America/Los_Angeles', '2026-03-01T00:00:00', '2026-03-01'],
		['Asia/Tokyo', '2026-03-01', '2026-03-01'],
	])('in %s, %s is sent as %s', async (timezone, value, sent) => {
		const result = await ctx.run(
			{ resource: 'expense', operation: 'create', description: 'Taxi', issueDate: value, amount: 12, currency: 'EUR' },
			{ timezone },
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests()[0].body).toEqual({ description: 'Taxi', issue_date: sent, amount: '12', currency: 'EUR' });
		expect(result.items[0].json.issued_date).toBe(sent);
	});

	test('an expression giving a Luxon DateTime ($now) is sent as the workflow-zone date', async () => {
		const result = await ctx.run(
			{ resource: 'expense', operation: 'create', description: 'Taxi', issueDate: '={{ $now }}', amount: 12, currency: 'EUR' },
			{ timezone: 'Asia/Tokyo' },
		);
		const tokyoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
		expect((ctx.sandbox.requests()[0].body as IDataObject).issue_date).toBe(tokyoToday);
		expect(result.error).toBeUndefined();
	});

	test.each([
		['searchClients', 'acme', [['Acme Ltd (billing@acme.example)', 0]]],
		['searchInvoices', 'inv-100', [
			['INV-1001 · Acme Ltd (USD 2970.00, Paid)', 0],
			['INV-1002 · Globex Corporation (GBP 2340.00, Not Paid)', 1],
			['INV-1003 · Initech (USD 1386.74, Not Paid)', 2],
			['INV-1004 · Umbrella Health (USD 1500.00, Not Paid)', 3],
		]],
		['searchEstimates', 'globex', [['EST-2002 · Globex Corporation (USD 2160.00)', 1]]],
		['searchExpenses', 'rail', [[expect.stringMatching(/^Train to client site · National Rail \(GBP 86\.40, \d{4}-\d{2}-\d{2}\)$/), 1]]],
	] as const)('%s("%s") lists matching records with their ids', async (method, filter, expected) => {
		const state = ctx.sandbox.state();
		const records = { searchClients: state.clients, searchInvoices: state.invoices, searchEstimates: state.estimates, searchExpenses: state.expenses }[method];
		const { results } = await searchList(method, { baseUrl: ctx.sandbox.url, apiKey: API_KEY }, filter);
		expect(results).toEqual(expected.map(([name, index]) => ({ name, value: records[index].id })));
		expect(ctx.sandbox.requests().at(-1)?.authorized).toBe(true);
	});

	test('a record picked from the list is used by id', async () => {
		const { results } = await searchList('searchInvoices', { baseUrl: ctx.sandbox.url, apiKey: API_KEY }, 'INV-1004');
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: { __rl: true, mode: 'list', value: results[0].value } });
		expect(result.items[0].json.invoice_no).toBe('INV-1004');
	});

	test('list search failure names the status and message, as the trigger does', async () => {
		await expect(searchList('searchClients', { baseUrl: ctx.sandbox.url, apiKey: 'bad' })).rejects.toMatchObject({
			message: 'List Clients failed (HTTP 401): Missing or invalid API key: send it as "Authorization: Bearer <key>".',
			description: 'The service refused the API key: check the API Key (and its header name) in the Invoicing credential.',
			httpCode: '401',
		});
	});

	test('list search refused by a rate limit says what to do in the editor (not the Batching of a run)', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, message: 'Slow down.', path: '/v1/client/all', method: 'GET', retryAfter: '3600' });
		await expect(searchList('searchClients', { baseUrl: ctx.sandbox.url, apiKey: API_KEY })).rejects.toMatchObject({
			message: 'List Clients failed (HTTP 429): Slow down.',
			description: expect.stringMatching(/^The service is rate limiting: open the list again in a moment, or enter the record By ID\. Refused 1 time in [0-9.]+ s; the node waits at most 300 s in all; the service asked to wait 3600 s\.$/),
			httpCode: '429',
		});
	});

	test('list search refuses a Base URL without /v1 before sending, as the trigger and the credential do', async () => {
		const base = ctx.sandbox.url.replace(/\/v1$/, '');
		ctx.sandbox.clearRequests();
		await expect(searchList('searchClients', { baseUrl: base, apiKey: API_KEY })).rejects.toMatchObject({
			message: `The Base URL of the Invoicing credential must end in /v1, got "${base}"`,
			description: 'Edit the credential: for example https://invoicing.example.com/v1',
		});
		expect(ctx.sandbox.requests()).toEqual([]);
	});

	test('the record ids in URLs are encoded', async () => {
		await ctx.run({ resource: 'client', operation: 'get', clientId: byId('a/b?c') });
		expect(ctx.sandbox.requests()[0].path).toBe('/v1/client/a%2Fb%3Fc');
	});
});
