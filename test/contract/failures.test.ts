import { useSandbox } from './http';

const ctx = useSandbox({ deterministic: true, apiKey: 'secret-1' });
const AUTH = { authorization: 'Bearer secret-1' };

async function client(): Promise<string> {
	return ctx.id(await ctx.call('POST', '/client/add', { names: 'Acme' }, 'query', AUTH), 'data');
}

const error = (status: number, message: string) => ({ status, body: { status: 'error', message } });

describe('failures over HTTP', () => {
	test('401 without the key or with another; the key is accepted as Bearer or bare under any header', async () => {
		expect(await ctx.call('GET', '/client/all')).toMatchObject(error(401, 'Missing or invalid API key: send it as "Authorization: Bearer <key>".'));
		expect(await ctx.call('GET', '/client/all', undefined, 'json', { authorization: 'Bearer other' })).toMatchObject({ status: 401 });
		expect((await ctx.call('GET', '/client/all', undefined, 'json', AUTH)).status).toBe(200);
		expect((await ctx.call('GET', '/client/all', undefined, 'json', { 'x-api-key': 'secret-1' })).status).toBe(200);
		expect(ctx.sandbox.requests().map((r) => [r.authorized, r.headers.authorization ?? r.headers['x-api-key'] ?? null])).toEqual([
			[false, null],
			[false, 'Bearer ***'],
			[true, 'Bearer ***'],
			[true, '***'],
		]);
	});

	test.each([
		['/client/add', {}, 'Missing required parameter "names".'],
		['/client/add', { names: 'A', email: 'nope' }, 'Parameter "email" must be an e-mail address, got "nope".'],
		['/expense/add', { description: 'x', issue_date: '2026-02-30', amount: 1, currency: 'USD' }, 'Parameter "issue_date" must be a calendar date as YYYY-MM-DD, got "2026-02-30".'],
		['/expense/add', { description: 'x', issue_date: '2026-02-03', amount: 1, currency: 'usd' }, 'Parameter "currency" must be an active ISO 4217 code in capitals (e.g. USD, EUR), got "usd".'],
		['/expense/add', { description: 'x', issue_date: '2026-02-03', amount: 1, currency: 'XYZ' }, 'Parameter "currency" must be an active ISO 4217 code in capitals (e.g. USD, EUR), got "XYZ".'],
		['/expense/add', { description: 'x', issue_date: '2026-02-03', amount: -1, currency: 'USD' }, 'Parameter "amount" must be a non-negative number, got "-1".'],
		['/expense/add', { description: 'x', amount: 1, currency: 'USD' }, 'Missing required parameter "issue_date".'],
		['/invoice/add', { client: 'c', invoice_no: 'X', payment_status: 'Maybe', items: [] }, 'Parameter "payment_status" must be one of "Paid", "Not Paid", got "Maybe".'],
		['/invoice/add', { client: 'c', invoice_no: 'X', payment_status: 'Paid' }, 'Missing required parameter "items": give at least one item.'],
		['/invoice/add', { client: 'c', invoice_no: 'X', payment_status: 'Paid', items: [{ description: 'a', quantity: 'x', rate: 1 }] }, 'Parameter "items[0][quantity]" must be a non-negative number, got "x".'],
		['/invoice/add', { client: 'c', invoice_no: 'X', payment_status: 'Paid', items: [{ quantity: 1, rate: 1 }] }, 'Missing required parameter "items[0][description]".'],
		['/estimate/add', { client: 'c', estimate_no: 'E', accepted: 'yes', items: [{ description: 'a', quantity: 1, rate: 1 }] }, 'Parameter "accepted" must be one of "True", "False", got "yes".'],
		['/invoice/send', { id: 'x' }, 'Invoice with id "x" was not found.'],
	])('POST %s %j -> %s', async (path, params, message) => {
		const answer = await ctx.call('POST', path, params, 'form', AUTH);
		expect(answer).toMatchObject(error(message.includes('not found') ? 404 : 400, message));
		expect(ctx.sandbox.requests().at(-1)?.status).toBe(answer.status);
	});

	test('payment method must be one of the listed values, amounts must be positive', async () => {
		const id = ctx.id(await ctx.call('POST', '/invoice/add', { client: await client(), invoice_no: 'X', payment_status: 'Not Paid', items: [{ description: 'a', quantity: 1, rate: 10 }] }, 'json', AUTH), 'invoice');
		expect(await ctx.call('POST', '/invoice/record-payment', { id, payment_date: '2026-01-02', amount_paid: 1, payment_method: 'Bitcoin' }, 'form', AUTH)).toMatchObject(
			error(400, 'Parameter "payment_method" must be one of "Cash", "Bank Transfer", "Cheque", "Credit Card", "Others", got "Bitcoin".'),
		);
		expect(await ctx.call('POST', '/invoice/record-payment', { id, payment_date: '2026-01-02', amount_paid: 0 }, 'form', AUTH)).toMatchObject(
			error(400, 'Parameter "amount_paid" must be greater than 0.'),
		);
		expect(await ctx.call('POST', '/invoice/send', { id, email: 'a@b.example' }, 'form', AUTH)).toMatchObject({ status: 200 });
	});

	test('404 for unknown ids and clients, 400 before 404', async () => {
		expect(await ctx.call('GET', '/invoice/123', undefined, 'json', AUTH)).toMatchObject(error(404, 'Invoice with id "123" was not found.'));
		expect(await ctx.call('DELETE', '/estimate/9', undefined, 'json', AUTH)).toMatchObject(error(404, 'Estimate with id "9" was not found.'));
		expect(await ctx.call('PUT', '/expense/9', { description: 'x', issue_date: '2026-01-01', amount: 1, currency: 'USD' }, 'json', AUTH)).toMatchObject(error(404, 'Expense with id "9" was not found.'));
		const items = [{ description: 'a', quantity: 1, rate: 1 }];
		expect(await ctx.call('POST', '/invoice/add', { client: 'ghost', invoice_no: 'X', payment_status: 'Paid', items }, 'json', AUTH)).toMatchObject(error(404, 'Client with id "ghost" was not found.'));
		expect(await ctx.call('POST', '/invoice/add', { client: 'ghost', payment_status: 'Paid', items }, 'json', AUTH)).toMatchObject(error(400, 'Missing required parameter "invoice_no".'));
		expect(await ctx.call('GET', '/nothing', undefined, 'json', AUTH)).toMatchObject(error(404, 'No endpoint GET /v1/nothing.'));
	});

	test('405 for a wrong method on a known path', async () => {
		expect(await ctx.call('DELETE', '/client/all', undefined, 'json', AUTH)).toMatchObject(error(405, 'Method DELETE is not allowed on /v1/client/all; use GET.'));
		expect(await ctx.call('GET', '/invoice/send', undefined, 'json', AUTH)).toMatchObject(error(405, 'Method GET is not allowed on /v1/invoice/send; use POST.'));
		expect(await ctx.call('POST', '/invoice/123', {}, 'json', AUTH)).toMatchObject(error(405, 'Method POST is not allowed on /v1/invoice/123; use GET or PUT or DELETE.'));
	});

	test('413 over 1 MB; 400 for malformed JSON', async () => {
		const big = await ctx.call('POST', '/client/add', { names: 'x'.repeat(1024 * 1024) }, 'json', AUTH);
		expect(big).toMatchObject(error(413, 'Request body exceeds the 1 MB limit.'));
		const response = await fetch(`${ctx.sandbox.url}/client/add`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"names":' });
		expect([response.status, await response.json()]).toEqual([400, { status: 'error', message: 'The request body is not valid JSON.' }]);
	});
});
