import { NodeApiError } from 'n8n-workflow';

import type { FaultSpec } from '../../tools/sandbox';
import { API_KEY, triggerOn, useService } from './setup';

const ctx = useService();

const FAULTS: Array<[string, FaultSpec, RegExp]> = [
	['HTTP 500', { kind: 'status', status: 500, path: '/v1/invoice/all' }, /^List Invoices failed \(HTTP 500\): Simulated failure with status 500\.$/],
	// a 429 is sent again after its Retry-After; one asking longer than the time-out fails the poll at once
	['HTTP 429 asking to wait an hour', { kind: 'status', status: 429, path: '/v1/invoice/all', retryAfter: '3600' }, /^List Invoices failed \(HTTP 429\): /],
	['a dropped connection', { kind: 'drop', path: '/v1/invoice/all' }, /^List Invoices failed: the service closed the connection before answering$/],
	['a cut-off JSON answer', { kind: 'malformed', path: '/v1/invoice/all' }, /^List Invoices failed \(HTTP 200\): answer is not JSON: "\{"status":"success","data":\[\{"id":"$/],
	['an HTML error page', { kind: 'html', path: '/v1/invoice/all' }, /^List Invoices failed \(HTTP 502\): answer is not JSON: "502 Bad Gateway upstream error"$/],
	['a 200 whose status is "error"', { kind: 'errorStatus200', path: '/v1/invoice/all' }, /^List Invoices failed \(HTTP 200\): Simulated failure inside a 200 response\.$/],
	['a failed Get of the record', { kind: 'status', status: 500, method: 'GET', path: '' }, /^Get Invoice failed \(HTTP 500\)/],
];

describe('Invoicing Trigger: a failed poll emits nothing, says why, and loses nothing', () => {
	test.each(FAULTS)('%s', async (_name, fault, message) => {
		const { service, sandbox } = ctx;
		const client = await service.client('Acme');
		const trigger = triggerOn(sandbox, { events: ['newInvoice'] });
		expect(await trigger.poll()).toBeNull();
		const before = JSON.stringify(trigger.staticData());
		const invoice = await service.invoice(client, 'INV-1');

		sandbox.injectFault(fault.path === '' ? { ...fault, path: `/v1/invoice/${invoice}` } : fault);
		const error = await trigger.poll().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toMatch(message);
		expect((error as NodeApiError).description).toMatch(/No event is lost: the next successful poll reports it\.$/);
		expect(JSON.stringify(trigger.staticData())).toBe(before);

		expect((await trigger.items()).map((i) => [i.event, i.id])).toEqual([['newInvoice', invoice]]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a wrong API key (401) fails with the credential hint; with the key fixed the event comes', async () => {
		const { service, sandbox } = ctx;
		const credentials = { baseUrl: sandbox.url, apiKey: API_KEY };
		const trigger = triggerOn(sandbox, { events: ['newClient'] }, { credentials });
		expect(await trigger.poll()).toBeNull();
		const id = await service.client('Acme');
		credentials.apiKey = 'wrong-key';
		await expect(trigger.poll()).rejects.toMatchObject({
			message: expect.stringMatching(/^List Clients failed \(HTTP 401\): Missing or invalid API key/),
			description: expect.stringContaining('check the API Key (and its header name) in the Invoicing credential'),
			httpCode: '401',
		});
		credentials.apiKey = API_KEY;
		expect((await trigger.items()).map((i) => [i.event, i.id])).toEqual([['newClient', id]]);
	});

	test('a Base URL that does not end in /v1 is refused before anything is sent, with the action node\'s message', async () => {
		const { sandbox } = ctx;
		const base = sandbox.url.replace(/\/v1$/, '');
		const trigger = triggerOn(sandbox, { events: ['newClient'] }, { credentials: { baseUrl: base, apiKey: API_KEY } });
		sandbox.clearRequests();
		await expect(trigger.poll()).rejects.toMatchObject({
			message: `The Base URL of the Invoicing credential must end in /v1, got "${base}"`,
			description: 'Edit the credential: for example https://invoicing.example.com/v1',
		});
		expect(sandbox.requests()).toEqual([]);
	});
});
