import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MAX_URL_LENGTH } from '../../nodes/Invoicing/helpers/input/request-size';
import { byId, useEngineFixture } from './fixture';

const ctx = useEngineFixture();

async function clientId(): Promise<string> {
	return ((await ctx.api('POST', '/client/add', { names: 'Acme' })).data as IDataObject[])[0].id as string;
}

const createInvoice = (client: string, additionalFields: INodeParameters): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo: '={{ $json.no }}',
	// these tests are about what one create sends: the duplicate guard's lookup is left out
	ifExists: 'create',
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 1, rate: 100 }] },
	additionalFields,
});

describe('currency codes', () => {
	test('"usd" is sent as USD, "XYZ" is refused naming item and field, the other items go through (Continue On Fail)', async () => {
		const client = await clientId();
		const result = await ctx.run(createInvoice(client, { currency: '={{ $json.currency }}' }), {
			items: [
				{ no: 'A', currency: 'usd' },
				{ no: 'B', currency: 'XYZ' },
				{ no: 'C', currency: ' NGN ' },
			],
			continueOnFail: true,
		});
		expect(result.items.map((i) => i.json.currency ?? i.error?.message)).toEqual([
			'USD',
			'Create Invoice "B" (item 1): "Currency" must be an ISO 4217 currency code, got "XYZ"',
			'NGN',
		]);
		expect(result.items[1].error?.description).toBe('Give the three-letter code, e.g. USD, EUR, GBP, NGN (lower case is accepted and sent in capitals).');
		expect(ctx.sent().map((r) => new URLSearchParams(r.rawBody).get('invoice_no') + ' ' + new URLSearchParams(r.rawBody).get('currency'))).toEqual(['A USD', 'C NGN']);
	});

	test('an expense in "EURO" is refused before sending', async () => {
		const result = await ctx.run({ resource: 'expense', operation: 'create', description: 'Taxi', issueDate: '2026-03-05', amount: 12, currency: 'EURO' });
		expect(result.error?.message).toBe('Create Expense "Taxi" (item 0): "Currency" must be an ISO 4217 currency code, got "EURO"');
		expect(ctx.sent()).toEqual([]);
	});
});

describe('due date not before the issue date', () => {
	test('create: refused before sending, naming both dates', async () => {
		const client = await clientId();
		const result = await ctx.run(createInvoice(client, { issueDate: '2026-03-05', dueDate: '2026-03-04' }), { items: [{ no: 'A' }] });
		expect(result.error?.message).toBe('Create Invoice "A" (item 0): "Due Date" (2026-03-04) is before "Issue Date" (2026-03-05)');
		expect(ctx.sent()).toEqual([]);
	});

	test('the dates compared are the ones sent: 00:30 in Berlin is the day before in New York', async () => {
		const client = await clientId();
		const result = await ctx.run(createInvoice(client, { issueDate: '2026-03-05', dueDate: '2026-03-05T00:30:00+01:00' }), {
			items: [{ no: 'A' }],
			timezone: 'America/New_York',
		});
		expect(result.error?.message).toBe('Create Invoice "A" (item 0): "Due Date" (2026-03-04) is before "Issue Date" (2026-03-05)');
	});

	test('update with one date: the service compares it with the stored one and the node reports its 400', async () => {
		const client = await clientId();
		const created = await ctx.api('POST', '/estimate/add', { client, estimate_no: 'E', issue_date: '2026-03-05', items: [{ description: 'W', quantity: 1, rate: 1 }] });
		const id = (created.estimate as IDataObject[])[0].id as string;
		const result = await ctx.run({ resource: 'estimate', operation: 'update', estimateId: byId(id), itemsMode: 'keep', updateFields: { dueDate: '2026-03-01' } });
		expect(result.error?.message).toBe(
			`Update Estimate "${id}" (item 0) failed (HTTP 400): Parameter "due_date" (2026-03-01) is before "issue_date" (2026-03-05): a document cannot fall due before it is issued.`,
		);
		expect(ctx.sandbox.state().estimates[0].due_date).toBe('2026-03-05');
	});
});

describe('client fields travel in the URL: too long is refused before sending', () => {
	test('a 20,000-character name is refused naming the field; a 7,000-character one is created', async () => {
		const result = await ctx.run({ resource: 'client', operation: 'create', ifExists: 'create', names: '={{ $json.name }}' }, {
			items: [{ name: 'x'.repeat(7000) }, { name: 'y'.repeat(20_000) }],
			continueOnFail: true,
		});
		expect(result.items[0].json.names).toBe('x'.repeat(7000));
		// the Base URL is added later by the credential: 200 characters are kept for it
		const length = 200 + '/client/add?names='.length + 20_000;
		expect(result.items[1].error?.message).toBe(
			`Create Client "${'y'.repeat(57)}..." (item 1): "Name" is too long to send: the request URL would be about ${length} characters, more than the ${MAX_URL_LENGTH} the node sends (the service takes client fields in the URL)`,
		);
		expect(result.items[1].error?.description).toBe('"Name" is 20000 characters (20000 once URL-encoded). Shorten it, for example with .slice(0, 1000) in its expression.');
		expect(ctx.sent().map((r) => r.path)).toEqual(['/v1/client/add']);
	});

	test('the longest field is named, counted URL-encoded', async () => {
		const result = await ctx.run({ resource: 'client', operation: 'create', ifExists: 'create', names: 'Acme', additionalFields: { address: 'é'.repeat(1500), email: 'a@b.example' } });
		expect(result.error?.message).toMatch(/^Create Client "a@b\.example" \(item 0\): "Address" is too long to send/);
		expect(result.error?.description).toBe('"Address" is 1500 characters (9000 once URL-encoded). Shorten it, for example with .slice(0, 1000) in its expression.');
	});

	test.each([
		[414, 'The request URL is too long for the service: client fields travel in the URL, so shorten the longest of them (name, address).'],
		[431, 'The request URL or headers are too large for the service: client fields travel in the URL, so shorten the longest of them (name, address).'],
		[413, 'The request is larger than the service accepts: send fewer or shorter line items and texts.'],
	])('HTTP %s from the service carries a hint', async (status, hint) => {
		ctx.sandbox.injectFault({ kind: 'status', status, message: 'too large' });
		const result = await ctx.run({ resource: 'client', operation: 'create', ifExists: 'create', names: 'Acme' });
		expect([result.error?.message, result.error?.description]).toEqual([`Create Client "Acme" (item 0) failed (HTTP ${status}): too large`, hint]);
	});
});

describe('writes whose outcome is unknown say the service may have applied them', () => {
	test('Create Invoice answered 500: may have been created, a retry can create it twice', async () => {
		const client = await clientId();
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'database down' });
		const result = await ctx.run(createInvoice(client, {}), { items: [{ no: 'A' }] });
		expect(result.error?.message).toBe('Create Invoice "A" (item 0) failed (HTTP 500): database down (the service may have applied it)');
		expect(result.error?.description).toBe(
			"The service failed: try again later. The service may have applied this Create Invoice before the failure. Check the record before running it again: a retry (including n8n's Retry On Fail) can apply it twice.",
		);
	});

	test('Mark as Paid answered with a broken 200: may have been applied, repeating is harmless', async () => {
		ctx.sandbox.injectFault({ kind: 'malformed' });
		const result = await ctx.run({ resource: 'invoice', operation: 'markPaid', invoiceId: byId('1') });
		expect(result.error?.message).toMatch(/^Mark as Paid Invoice "1" \(item 0\) failed \(HTTP 200\): answer is not JSON: ".*" \(the service may have applied it\)$/);
		expect(result.error?.description).toBe('The service may have applied this Mark as Paid Invoice before the failure; running it again gives the same result.');
	});

	test('a refused write (400) and a failed read (500) carry no such note', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, message: 'down' });
		const read = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true });
		expect([read.error?.message, read.error?.description]).toEqual(['Get Many Invoices (item 0) failed (HTTP 500): down', 'The service failed: try again later.']);
		const write = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId('nope'), email: 'a@b.example' });
		expect(write.error?.description).toBe('No record has this ID: pick the record from the list, or check that it was not deleted.');
	});
});

describe('list filters', () => {
	test('an unreadable date filter is refused, not ignored (which would return every invoice)', async () => {
		const result = await ctx.run({ resource: 'invoice', operation: 'getAll', returnAll: true, filters: { dueDateTo: '03/05/2026' } });
		expect(result.error?.message).toBe('Get Many Invoices (item 0): "Due Before" must be an unambiguous date, got "03/05/2026": give YYYY-MM-DD or an ISO date and time');
	});
});
