import type { INodeParameters } from 'n8n-workflow';

import { addClient, addInvoice, byEmail, byId, byNumber, useEngineFixture } from './fixture';

/**
 * Text that begins with `{{` and never closes it (an expression cut short, or typed while the field is still
 * Fixed) is refused in the fields that name a record, as the ID fields refuse it (issue 45): an invoice numbered
 * `{{ $json.invoice_no` was made before.
 */
const ctx = useEngineFixture();

const FIX =
	'An expression begins with {{ and ends with }}. To use a value from an earlier node, e.g. {{ $json.invoice_no }}, switch this field to Expression (hover over it: Fixed | Expression) and close it with }}.';

const createInvoice = (client: string, invoiceNo: string): INodeParameters => ({
	resource: 'invoice',
	operation: 'create',
	client: byId(client),
	invoiceNo,
	paymentStatus: 'Not Paid',
	itemsMode: 'define',
	items: { item: [{ description: 'Work', quantity: 2, rate: 50 }] },
	additionalFields: { currency: 'USD' },
});

describe('an unfinished expression is refused before anything is sent', () => {
	test('Invoice Number: no invoice numbered "{{ $json.invoice_no"', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const result = await ctx.run(createInvoice(client, '{{ $json.invoice_no'));
		expect(result.error?.message).toBe(
			'Create Invoice "{{ $json.invoice_no" (item 0): "Invoice Number" holds an unfinished expression, got "{{ $json.invoice_no": nothing was sent',
		);
		expect(result.error?.description).toBe(FIX);
		expect(ctx.sent()).toEqual([]);
		expect(ctx.sandbox.state().invoices).toEqual([]);
	});

	test('a closed expression typed in Fixed mode is not this refusal (it is sent as typed, as before)', async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const result = await ctx.run(createInvoice(client, 'INV-{{7}}'));
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.state().invoices.map((invoice) => invoice.invoice_no)).toEqual(['INV-{{7}}']);
	});

	test("a client's Name and E-mail", async () => {
		const named = await ctx.run({ resource: 'client', operation: 'create', names: '{{ $json.name' });
		expect(named.error?.message).toBe('Create Client "{{ $json.name" (item 0): "Name" holds an unfinished expression, got "{{ $json.name": nothing was sent');
		const mailed = await ctx.run({ resource: 'client', operation: 'create', names: 'Acme Ltd', additionalFields: { email: ' {{ $json.email' } });
		expect(mailed.error?.message).toBe('Create Client "{{ $json.email" (item 0): "Email" holds an unfinished expression, got " {{ $json.email": nothing was sent');
		expect(ctx.sent()).toEqual([]);
		expect(ctx.sandbox.state().clients).toEqual([]);
	});

	test("Send's Email", async () => {
		const client = await addClient(ctx, 'Acme Ltd', 'billing@acme.example');
		const id = await addInvoice(ctx, client, 'INV-1');
		const result = await ctx.run({ resource: 'invoice', operation: 'send', invoiceId: byId(id), email: '{{ $json.email' });
		expect(result.error?.message).toBe(`Send Invoice "${id}" (item 0): "Email" holds an unfinished expression, got "{{ $json.email": nothing was sent`);
		expect(ctx.sent()).toEqual([]);
	});

	test('a record given by Number or E-mail: typed, n8n refuses to run the node, as for an ID with spaces', async () => {
		const byNo = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byNumber('{{ $json.invoice_no') });
		expect(byNo.error?.message).toBe(`The 'Invoicing' node has issues:\n- ${FIX}`);
		const byMail = await ctx.run({ resource: 'client', operation: 'get', clientId: byEmail('{{ $json.email') });
		expect(byMail.error?.message).toBe(`The 'Invoicing' node has issues:\n- ${FIX}`);
		const spaced = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byId('{{ $json.id') });
		expect(spaced.error?.message).toMatch(/^The 'Invoicing' node has issues:\n- An ID has no spaces/);
		expect(ctx.sent()).toEqual([]);
	});

	test('a record given by Number, mapped from an item that holds an unfinished expression: the node refuses it', async () => {
		const result = await ctx.run({ resource: 'invoice', operation: 'get', invoiceId: byNumber('={{ $json.no }}') }, { items: [{ no: '{{ $json.invoice_no' }] });
		expect(result.error?.message).toBe(
			'Get Invoice "{{ $json.invoice_no" (item 0): "Invoice" (Number) holds an unfinished expression, got "{{ $json.invoice_no": nothing was sent',
		);
		expect(result.error?.description).toBe(FIX);
		expect(ctx.sent()).toEqual([]);
	});
});
