import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { setHoldLimitForTests } from '../../nodes/Invoicing/helpers/guards/path/hold-limit';
import { addClient, byId, useEngineFixture } from './fixture';
import { runNode } from './harness/run-node';

/**
 * Every wait on another execution has a limit: past the holder's longest hold (hold-limit: its settle time and
 * twelve requests of time-out plus rate-limit budget, plus a minute; shortened here so that a holder whose answer
 * is merely slow stands for one that never settles), the waiting item fails naming what it waited for, and sends
 * nothing: the limit never hands the turn on while the holder's write may still land.
 */
const ctx = useEngineFixture({ deterministic: false });

const HOLDER_ANSWERS_AFTER_MS = 1_500;

afterEach(() => setHoldLimitForTests(undefined));

const givenNumber = (client: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: 'INV-7',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
});

const nextInSequence = (client: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	numbering: 'next',
	numberPrefix: 'INV-',
	numberDigits: 4,
	client: byId(client),
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
	additionalFields: { issueDate: '2026-01-15' },
});

/** Starts the holder's execution and resolves once its create is in the service's hands (answered late). */
async function holderWriting(parameters: INodeParameters): Promise<{ done: Promise<{ items: Array<{ json: IDataObject }>; error?: Error }> }> {
	ctx.sandbox.clearRequests();
	ctx.sandbox.injectFault({ kind: 'delay', delayMs: HOLDER_ANSWERS_AFTER_MS, path: '/v1/invoice/add' });
	const holder = runNode({ credentials: ctx.credentials, parameters });
	while (!ctx.sandbox.requests().some((r) => r.path === '/v1/invoice/add')) await sleep(10);
	return { done: holder };
}

const posts = () => ctx.sandbox.requests().filter((r) => r.method === 'POST');

test("a key's turn: the waiting execution fails naming the number and the holder, and writes nothing", async () => {
	const client = await addClient(ctx, 'Acme');
	setHoldLimitForTests(100);
	const holder = await holderWriting(givenNumber(client));
	const waiter = await runNode({ credentials: ctx.credentials, parameters: givenNumber(client) });
	expect(waiter.error?.message).toMatch(
		/^Create Invoice "INV-7" \(item 0\): waited [\d.]+ s for another execution's Create Invoice "INV-7" \(item 0\) on the invoice's invoice_no "INV-7" to finish, longer than it can take; nothing was sent$/,
	);
	expect(waiter.error?.description).toMatch(/^Run it again\./);
	const first = await holder.done;
	expect(first.error).toBeUndefined();
	expect(first.items[0].json).toEqual(expect.objectContaining({ action: 'created', invoice_no: 'INV-7' }));
	expect(posts()).toHaveLength(1);
	expect(ctx.sandbox.state().invoices.map((invoice) => invoice.invoice_no)).toEqual(['INV-7']);
});

test("a sequence's lane: the waiting run fails naming the sequence and the earlier run, and writes nothing", async () => {
	const client = await addClient(ctx, 'Acme');
	setHoldLimitForTests(100);
	const holder = await holderWriting(nextInSequence(client));
	const waiter = await runNode({ credentials: ctx.credentials, parameters: { ...nextInSequence(client), items: { item: [{ description: 'Other', quantity: 1, rate: 50 }] } } });
	expect(waiter.error?.message).toMatch(
		/^Create Invoice \(item 0\): waited [\d.]+ s for an earlier run's Create Invoice \(item 0\) on the invoice sequence "INV-" \(4 digits\) to finish, longer than it can take; nothing was sent$/,
	);
	const first = await holder.done;
	expect(first.error).toBeUndefined();
	expect(posts()).toHaveLength(1);
	expect(ctx.sandbox.state().invoices.map((invoice) => invoice.invoice_no)).toEqual(['INV-0001']);
});
