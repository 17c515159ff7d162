/**
 * No secret in any output (issue 43): the user and password of a Base URL, and the API key, are in nothing a run
 * returns or throws: not in an error's message, description, context, cause or response, not in an item. Each
 * case searches everything the run hands back (every own property of every object it reaches, see every-text).
 */
import type { INodeParameters } from 'n8n-workflow';

import { testCredential } from './harness/credential-tester';
import { everyText, secretsIn, withUserinfo } from './harness/every-text';
import { TriggerUnderTest } from './harness/poll-trigger';
import { API_KEY, byId, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

/** A saved credential's id (the harness would name it after the Base URL). */
const CREDENTIAL_ID = 'invoicing-account';
const REFUSING = 'http://127.0.0.1:9/v1';
const LIST_CLIENTS: INodeParameters = { resource: 'client', operation: 'getAll', returnAll: true };

/**
 * Credentials with user and password in the Base URL (sent as `Authorization: Basic`), and the API key the
 * sandbox wants in a header of its own.
 */
const credentialsAt = (baseUrl: string) => ({ baseUrl: withUserinfo(baseUrl), apiKey: API_KEY, headerName: 'X-API-Key' });

const secretsOf = (value: unknown) => secretsIn(everyText(value), API_KEY);

describe('the action node: no secret in what a failed run returns or throws', () => {
	test('a refused connection: the message names the URL as requested, without user and password', async () => {
		const result = await ctx.run(LIST_CLIENTS, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(REFUSING) });
		expect(result.error?.message).toBe('Get Many Clients (item 0) failed: nothing accepts connections at http://127.0.0.1:9/v1');
		expect(secretsOf(result)).toEqual([]);
	});

	test('a refused connection of a read the node makes itself (Send reads the invoice first)', async () => {
		const result = await ctx.run(
			{ resource: 'invoice', operation: 'send', invoiceId: byId('1'), email: 'a@b.example' },
			{ credentialId: CREDENTIAL_ID, credentials: credentialsAt(REFUSING) },
		);
		expect(result.error?.message).toBe(
			'Send Invoice "1" (item 0), reading /invoice/1 first (nothing written), failed: nothing accepts connections at http://127.0.0.1:9/v1',
		);
		expect(secretsOf(result)).toEqual([]);
	});

	test('a time-out', async () => {
		ctx.sandbox.injectFault({ kind: 'delay', delayMs: 400, path: '/v1/client/all' });
		const result = await ctx.run({ ...LIST_CLIENTS, requestOptions: { timeout: 100 } }, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url) });
		expect(result.error?.message).toBe('Get Many Clients (item 0) failed: no answer within the time-out of 0.1 s');
		expect(secretsOf(result)).toEqual([]);
	});

	test('a 4xx answer (an id the service does not know)', async () => {
		const result = await ctx.run({ resource: 'client', operation: 'get', clientId: byId('404') }, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url) });
		expect(result.error?.message).toMatch(/^Get Client "404" \(item 0\) failed \(HTTP 404\): /);
		expect(secretsOf(result)).toEqual([]);
	});

	test('a 5xx answer', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'down', path: '/v1/client/all' });
		const result = await ctx.run(LIST_CLIENTS, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url) });
		expect(result.error?.message).toBe('Get Many Clients (item 0) failed (HTTP 500): down');
		expect(secretsOf(result)).toEqual([]);
	});

	test.each([
		['the operation\'s own request', LIST_CLIENTS, /EPROTO/],
		['a read the node makes itself', { resource: 'invoice', operation: 'send', invoiceId: byId('1'), email: 'a@b.example' }, /EPROTO/],
	])('a failure the node has no words for (https to a plain-http service), %s: the HTTP client\'s error is not kept', async (_case, parameters, message) => {
		const options = { credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url.replace(/^http:/, 'https:')) };
		const stopped = await ctx.run(parameters as INodeParameters, options);
		expect(stopped.error?.message).toMatch(message);
		// Continue On Fail hands back the error object the node threw, not n8n's copy of it
		const continued = await ctx.run(parameters as INodeParameters, { ...options, continueOnFail: true });
		expect(continued.items.map((item) => item.error?.message)).toEqual([expect.stringMatching(message)]);
		expect(secretsOf(stopped)).toEqual([]);
		expect(secretsOf(continued)).toEqual([]);
	});

	test('a Base URL that does not end in /v1: refused before sending, the URL shown without user and password', async () => {
		const result = await ctx.run(LIST_CLIENTS, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url.replace(/\/v1$/, '/v2')) });
		expect(result.error?.message).toBe(
			`The Base URL of the Invoicing credential must end in /v1, got "${ctx.sandbox.url.replace(/^http:\/\//, 'http://***@').replace(/\/v1$/, '/v2')}"`,
		);
		expect(secretsOf(result)).toEqual([]);
	});

	test('a user and password with the key in Authorization: refused before sending (both would need that header)', async () => {
		const result = await ctx.run(LIST_CLIENTS, { credentialId: CREDENTIAL_ID, credentials: { baseUrl: withUserinfo(ctx.sandbox.url), apiKey: API_KEY } });
		expect(result.error?.message).toBe(
			'The Base URL of the Invoicing credential has a user and password, which are sent in the Authorization header, and the API key would be sent there too',
		);
		expect(result.error?.description).toBe(
			'Set Header Name to the header the service reads the key from (e.g. X-API-Key), or remove the user and password from the Base URL.',
		);
		expect(ctx.sent()).toEqual([]);
		expect(secretsOf(result)).toEqual([]);
	});

	test('Continue On Fail: the items\' errors and the whole items hold no secret (refused, and a 404)', async () => {
		const refused = await ctx.run({ ...LIST_CLIENTS }, { credentialId: CREDENTIAL_ID, credentials: credentialsAt(REFUSING), continueOnFail: true, items: [{}, {}] });
		const missing = await ctx.run(
			{ resource: 'client', operation: 'get', clientId: byId('={{ $json.id }}') },
			{ credentialId: CREDENTIAL_ID, credentials: credentialsAt(ctx.sandbox.url), continueOnFail: true, items: [{ id: '404' }, { id: '405' }] },
		);
		const items = [...refused.items, ...missing.items];
		expect(items.map((item) => item.error?.message)).toEqual([
			'Get Many Clients (item 0) failed: nothing accepts connections at http://127.0.0.1:9/v1',
			'Get Many Clients (item 1) failed: nothing accepts connections at http://127.0.0.1:9/v1',
			expect.stringMatching(/^Get Client "404" \(item 0\) failed \(HTTP 404\)/),
			expect.stringMatching(/^Get Client "405" \(item 1\) failed \(HTTP 404\)/),
		]);
		expect(secretsIn(JSON.stringify(items), API_KEY)).toEqual([]);
		expect(secretsOf(items)).toEqual([]);
	});
});

describe('the trigger: no secret in a failed poll', () => {
	test.each([
		['a refused connection', REFUSING, undefined],
		['a 5xx answer', '', { kind: 'status' as const, status: 500, path: '/v1/client/all' }],
		['a Base URL that does not end in /v1', '/v2', undefined],
	])('%s', async (_case, where, fault) => {
		if (fault) ctx.sandbox.injectFault(fault);
		const baseUrl = where === REFUSING ? REFUSING : where === '/v2' ? ctx.sandbox.url.replace(/\/v1$/, '/v2') : ctx.sandbox.url;
		const trigger = new TriggerUnderTest({ parameters: { events: ['newClient'] }, credentialId: CREDENTIAL_ID, credentials: credentialsAt(baseUrl) });
		const error = await trigger.poll().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(Error);
		expect(secretsOf(error)).toEqual([]);
	});
});

/**
 * The Test runs n8n's own routing and request code, not the nodes': what it shows is the rule's message, the
 * status text or the cause's code. The error it catches is n8n-core's (its cause is the HTTP client's error, with
 * the request's headers); n8n reports it to its error reporter and debug log, not to the user nor to any
 * execution. What the package controls is the URL the request goes to (no user or password) and what it throws.
 */
describe('the credential\'s Test: no secret in what n8n shows, nor in the message of the error it catches', () => {
	test.each([
		['a refused connection', REFUSING],
		['a Base URL that does not end in /v1 (the service answers 404)', '/v2'],
	])('%s', async (_case, where) => {
		const baseUrl = where === REFUSING ? REFUSING : ctx.sandbox.url.replace(/\/v1$/, '/v2');
		const outcome = await testCredential(credentialsAt(baseUrl));
		expect(outcome.status).toBe('Error');
		expect(secretsIn(outcome.message, API_KEY)).toEqual([]);
		const { message, description, stack } = outcome.error as Error & { description?: string };
		expect(secretsIn([message, description, stack].join('\n'), API_KEY)).toEqual([]);
		const config = (outcome.error as { cause?: { config?: { baseURL?: string; url?: string } } }).cause?.config;
		expect(secretsIn(`${config?.baseURL ?? ''}${config?.url ?? ''}`, API_KEY)).toEqual([]);
	});
});
