import type { IHttpRequestOptions, INode } from 'n8n-workflow';

import { credentialBaseUrl, requestApi, TIMEOUT_HINT, type RequestingContext } from '../../nodes/shared/api-request';

/**
 * The one request path of the trigger, the list searches and the action node's lookups (nodes/shared/api-request):
 * what it sends, and how it names what went wrong, whatever the entry point.
 */
const NODE = { name: 'Invoicing Trigger', type: 'n8n-nodes-invoicing.invoicingTrigger' } as INode;

function context(answer: (request: IHttpRequestOptions) => Promise<unknown>, baseUrl = 'http://127.0.0.1:9/v1/'): { ctx: RequestingContext; sent: IHttpRequestOptions[] } {
	const sent: IHttpRequestOptions[] = [];
	const ctx = {
		getNode: () => NODE,
		// the trigger has no Rate Limits: the fallback, the default wait
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
		getCredentials: async () => ({ baseUrl }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				sent.push(request);
				return await answer(request);
			},
		},
	};
	return { ctx: ctx as unknown as RequestingContext, sent };
}

const failure = (code: string, message: string) => Object.assign(new Error(message), { code, config: { baseURL: 'http://127.0.0.1:9/v1', url: '/invoice/all' } });

const call = { action: 'List Invoices', method: 'GET' as const, baseURL: 'http://127.0.0.1:9/v1', url: '/invoice/all', timeoutHint: TIMEOUT_HINT, after: 'No event is lost.' };

describe('the shared request path', () => {
	test('sends a GET with the Base URL, JSON, every status as an answer, and a time-out', async () => {
		const { ctx, sent } = context(async () => ({ statusCode: 200, body: { status: 'success', data: [] } }));
		expect(await requestApi(ctx, call)).toEqual({ status: 'success', data: [] });
		expect(sent).toEqual([
			{
				method: 'GET',
				baseURL: 'http://127.0.0.1:9/v1',
				url: '/invoice/all',
				headers: { Accept: 'application/json' },
				json: true,
				ignoreHttpStatusErrors: true,
				returnFullResponse: true,
				timeout: 300_000,
			},
		]);
	});

	test('a time-out reads as in the action node, with the fix of an entry point without Request Options', async () => {
		const { ctx } = context(async () => {
			throw failure('ECONNABORTED', 'timeout of 300000ms exceeded');
		});
		await expect(requestApi(ctx, call)).rejects.toMatchObject({
			message: 'List Invoices failed: no answer within the time-out of 300 s',
			description: 'The service is slow or stuck: try again later. (ECONNABORTED) No event is lost.',
		});
	});

	test('a refused connection names the Base URL; a network failure without words of its own keeps its code', async () => {
		const refused = context(async () => {
			throw failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9');
		});
		await expect(requestApi(refused.ctx, call)).rejects.toMatchObject({
			message: 'List Invoices failed: nothing accepts connections at http://127.0.0.1:9/v1',
			description: 'Check the Base URL in the Invoicing credential and that the service is running. (ECONNREFUSED) No event is lost.',
		});
		const unreachable = context(async () => {
			throw failure('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.1:443');
		});
		await expect(requestApi(unreachable.ctx, call)).rejects.toMatchObject({
			message: 'List Invoices failed: the service could not be reached',
			description: 'connect EHOSTUNREACH 10.0.0.1:443. Check the network and the Base URL in the Invoicing credential. No event is lost.',
		});
	});

	test('a failed answer names the action, the HTTP code and the message, with the hint and what the entry point adds', async () => {
		const { ctx } = context(async () => ({ statusCode: 500, body: { status: 'error', message: 'database down' } }));
		await expect(requestApi(ctx, call)).rejects.toMatchObject({
			message: 'List Invoices failed (HTTP 500): database down',
			description: 'The service failed: try again later. No event is lost.',
			httpCode: '500',
		});
	});

	test('the Base URL is checked as the credential checks it (slashes trimmed, must end in /v1)', async () => {
		expect(await credentialBaseUrl(context(async () => ({})).ctx)).toBe('http://127.0.0.1:9/v1');
		await expect(credentialBaseUrl(context(async () => ({}), 'https://books.example').ctx)).rejects.toMatchObject({
			message: 'The Base URL of the Invoicing credential must end in /v1, got "https://books.example"',
			description: 'Edit the credential: for example https://invoicing.example.com/v1',
		});
	});

	test('a 429 is sent again after its Retry-After (the trigger, list search and lookups alike); one the wait cannot cover fails at once', async () => {
		const answers = [
			{ statusCode: 429, headers: { 'retry-after': '0' }, body: { status: 'error', message: 'Slow down.' } },
			{ statusCode: 200, body: { status: 'success', data: [] } },
		];
		const retried = context(async () => answers.shift());
		expect(await requestApi(retried.ctx, call)).toEqual({ status: 'success', data: [] });
		expect(retried.sent).toHaveLength(2);

		const refused = context(async () => ({ statusCode: 429, headers: { 'retry-after': '3600' }, body: { status: 'error', message: 'Slow down.' } }));
		await expect(requestApi(refused.ctx, call)).rejects.toMatchObject({
			message: 'List Invoices failed (HTTP 429): Slow down.',
			description: expect.stringMatching(/^The service is rate limiting: .* Refused 1 time in [0-9.]+ s; the node waits at most 300 s in all; the service asked to wait 3600 s\. No event is lost\.$/),
		});
		expect(refused.sent).toHaveLength(1);
	});
});
