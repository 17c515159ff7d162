import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECENT_READ_MS, setRecentReadWindow } from '../../nodes/Invoicing/helpers/request/recent-reads';
import { byId, useEngineFixture } from './fixture';

/**
 * The request budget of the life-cycle chain (issue 36): the nine Invoicing nodes a user chains from a new client
 * to a paid invoice, each run once, with every request the service received, in order, and why the node sends
 * it. The HTTP Request chain sends one request per node (9); the Operations table of docs/operations.md names each of these.
 * The reads a guard or an update did not send are named too ("memory": what this process read of the record
 * moments ago served them, nodes/Invoicing/helpers/request/recent-reads); the reads the user asked for never are.
 */
// the real clock: the send and payment guards compare the service's timestamps with now
const ctx = useEngineFixture({ deterministic: false });

// a busy machine must not decide which reads are served (the window itself: recent-reads.test.ts)
beforeAll(() => setRecentReadWindow(10_000));
afterAll(() => setRecentReadWindow(RECENT_READ_MS));

const sent = () => ctx.sent().map((r) => `${r.method} ${r.path.replace(/^\/v1/, '')}`);

async function step(parameters: INodeParameters): Promise<{ json: IDataObject; requests: string[] }> {
	ctx.sandbox.clearRequests();
	const result = await ctx.run(parameters);
	expect(result.error).toBeUndefined();
	return { json: result.items[0].json, requests: sent() };
}

test('Create Client -> Create Invoice -> Send -> 2 x Record Payment -> Get -> Update -> Get Many -> Get Client: 16 requests, each named, and 5 reads served from memory', async () => {
	const client = await step({ resource: 'client', operation: 'create', names: 'Acme Ltd', additionalFields: { email: 'billing@acme.example' } });
	const clientId = String(client.json.id);
	const invoice = await step({
		resource: 'invoice',
		operation: 'create',
		client: byId(clientId),
		invoiceNo: 'INV-1',
		paymentStatus: 'Not Paid',
		itemsMode: 'define',
		items: { item: [{ description: 'Work', quantity: 2, rate: 50 }] },
	});
	const id = String(invoice.json.id);
	const send = await step({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: '' });
	const pay = (amount: number) => ({ resource: 'invoice', operation: 'recordPayment', invoiceId: byId(id), paymentDate: '2026-03-05', amountPaid: amount });
	const firstPayment = await step(pay(40));
	const secondPayment = await step(pay(60));
	const get = await step({ resource: 'invoice', operation: 'get', invoiceId: byId(id) });
	const update = await step({ resource: 'invoice', operation: 'update', invoiceId: byId(id), itemsMode: 'keep', updateFields: { note: 'Thanks' } });
	const list = await step({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { client: byId(clientId) } });
	const getClient = await step({ resource: 'client', operation: 'get', clientId: byId(clientId) });
	expect(secondPayment.json.payment_status).toBe('Paid');

	const c = `/client/${clientId}`;
	const i = `/invoice/${id}`;
	const steps = {
		// duplicate guard (guards/): the client list once per run; the create; the look for a twin (guards/after/after-create)
		'Create Client': [['GET /client/all', 'guard'], ['POST /client/add', 'operation'], ['GET /client/all', 'guard']],
		// duplicate guard (guards/): the book's numbers; the create; the look for a twin made at the same moment (guards/after/after-create)
		'Create Invoice': [['GET /invoice/all', 'guard'], ['POST /invoice/add', 'operation'], [`GET ${c}`, 'guard']],
		// send-log guard (guards/): the create's answer (a record just made has sent nothing); the client's e-mail, Email
		// left empty (guards/send-address): Create Invoice's look for a twin; the send; the state after (output/, also the twin check)
		Send: [[`GET ${i}`, 'memory'], [`GET ${c}`, 'memory'], ['POST /invoice/send', 'operation'], [`GET ${i}`, 'after']],
		// payment guards (guards/): the read after the write before; the payment; the state after (output/, also the twin check)
		'Record Payment 1': [[`GET ${i}`, 'memory'], ['POST /invoice/record-payment', 'operation'], [`GET ${i}`, 'after']],
		'Record Payment 2': [[`GET ${i}`, 'memory'], ['POST /invoice/record-payment', 'operation'], [`GET ${i}`, 'after']],
		Get: [[`GET ${i}`, 'operation']],
		// the PUT must carry the client and number: Get's read (input/, its lists then fill the output without a read after)
		Update: [[`GET ${i}`, 'memory'], [`PUT ${i}`, 'operation']],
		'Get Many': [['GET /invoice/all', 'operation']],
		'Get Client': [[`GET ${c}`, 'operation']],
	};
	const requests = (entries: string[][]) => entries.filter(([, reason]) => reason !== 'memory').map(([request]) => request);
	expect({
		'Create Client': client.requests,
		'Create Invoice': invoice.requests,
		Send: send.requests,
		'Record Payment 1': firstPayment.requests,
		'Record Payment 2': secondPayment.requests,
		Get: get.requests,
		Update: update.requests,
		'Get Many': list.requests,
		'Get Client': getClient.requests,
	}).toEqual(Object.fromEntries(Object.entries(steps).map(([name, entries]) => [name, requests(entries)])));
	const all = Object.values(steps).flat();
	const count = (why: string) => all.filter(([, reason]) => reason === why).length;
	expect([all.length - count('memory'), count('operation'), count('guard'), count('after'), count('before'), count('memory')]).toEqual([16, 9, 4, 3, 0, 5]);
});
