import { useSandbox, type Answer } from './http';

const ctx = useSandbox();
const NOW = '2026-01-15 10:00:00';

const LINES = [
	{ description: 'Design', quantity: 2, rate: 150.5 },
	{ description: 'Hosting', quantity: 12, rate: 19.99 },
	{ description: 'Support', quantity: 1.5, rate: 80 },
];

describe('invoice life cycle over HTTP', () => {
	test('client -> invoice (3 items, 7.5% tax) -> send -> partial payment -> rest -> Paid -> mark not paid', async () => {
		const client = await ctx.call('POST', '/client/add', { names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100', address: '1 Market St' }, 'query');
		expect(client).toEqual({
			status: 200,
			text: expect.any(String),
			body: {
				status: 'success',
				data: [{ id: '1000000000000001', names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100', address: '1 Market St', created_at: NOW, updated_at: NOW }],
			},
		});
		const created = await ctx.call(
			'POST',
			'/invoice/add',
			{ client: '1000000000000001', invoice_no: 'INV-1', payment_status: 'Not Paid', tax_rate: 7.5, issue_date: '2026-01-15', due_date: '2026-02-14', note: 'Net 30', items: LINES },
			'form',
		);
		const invoice = {
			id: '1000000000000002',
			short_code: 'sc0002',
			invoice_no: 'INV-1',
			description: '',
			customer_id: '1000000000000001',
			customer_name: 'Acme Ltd',
			customer_phone: '+1 555 0100',
			customer_address: '1 Market St',
			currency: 'USD',
			payment_status: 'Not Paid',
			tax_rate: 7.5,
			sub_total: 660.88,
			tax_amount: 49.57,
			total: 710.45,
			amount_paid: '0.00',
			outstanding_balance: '710.45',
			issue_date: '2026-01-15',
			due_date: '2026-02-14',
			note: 'Net 30',
		};
		expect(created.body).toEqual({
			status: 'success',
			invoice: [{ ...invoice, created_at: NOW, updated_at: NOW }],
			items: [
				{ description: 'Design', quantity: 2, rate: '150.50' },
				{ description: 'Hosting', quantity: 12, rate: '19.99' },
				{ description: 'Support', quantity: 1.5, rate: '80.00' },
			],
		});
		const id = invoice.id;
		expect((await ctx.call('POST', '/invoice/send', { id, email: 'billing@acme.example' }, 'form')).body).toEqual({ status: 'success', message: 'Invoice was successfully sent.' });
		expect((await ctx.call('POST', '/invoice/record-payment', { id, payment_date: '2026-01-20', amount_paid: 300, payment_method: 'Cash' }, 'form')).body).toEqual({
			status: 'success',
			message: 'Invoice payment update was successful.',
		});
		const partly = await ctx.call('GET', `/invoice/${id}`);
		expect(partly.body).toEqual({
			status: 'success',
			invoice: [{ ...invoice, amount_paid: '300.00', outstanding_balance: '410.45' }],
			items: [
				{ description: 'Design', quantity: 2, rate: '150.50', amount: '301.00' },
				{ description: 'Hosting', quantity: 12, rate: '19.99', amount: '239.88' },
				{ description: 'Support', quantity: 1.5, rate: '80.00', amount: '120.00' },
			],
			payments: [{ status: 'success', reference: 'PAY-000003', amount: 300, bank: 'Cash', created_at: NOW }],
			send_log: [{ email: 'billing@acme.example', date: NOW }],
		});
		const overpay = await ctx.call('POST', '/invoice/record-payment', { id, payment_date: '2026-01-21', amount_paid: 410.46 }, 'form');
		expect(overpay).toMatchObject({ status: 400, body: { status: 'error', message: 'Parameter "amount_paid" (410.46) exceeds the outstanding balance (410.45).' } });
		await ctx.call('POST', '/invoice/record-payment', { id, payment_date: '2026-01-21', amount_paid: 410.45, payment_method: 'Bank Transfer' }, 'form');
		const paid = (await ctx.call('GET', `/invoice/${id}`)).body.invoice as Array<Record<string, unknown>>;
		expect([paid[0].payment_status, paid[0].amount_paid, paid[0].outstanding_balance]).toEqual(['Paid', '710.45', '0.00']);
		expect((await ctx.call('GET', `/invoice/not-paid/${id}`)).body).toEqual({ status: 'success', message: 'Invoice update was successful.' });
		const list = (await ctx.call('GET', '/invoice/all')).body.data as Array<Record<string, unknown>>;
		expect([list[0].payment_status, list[0].amount_paid, list[0].created_at]).toEqual(['Not Paid', '710.45', NOW]);
		expect((await ctx.call('DELETE', `/invoice/${id}`)).body).toEqual({ status: 'success', message: 'Invoice was successfully deleted.' });
		expect((await ctx.call('GET', '/invoice/all')).body).toEqual({ status: 'success', data: [] });
	});

	test('estimate: create (accepted False by default) -> accept -> send -> update items replaces them', async () => {
		const client = ctx.id(await ctx.call('POST', '/client/add', { names: 'Globex' }, 'query'), 'data');
		const created = await ctx.call('POST', '/estimate/add', { client, estimate_no: 'EST-1', tax_rate: 20, items: [{ description: 'Audit', quantity: 2, rate: 900 }] });
		const estimate = {
			id: '1000000000000002',
			short_code: 'sc0002',
			description: '',
			customer_id: client,
			customer_name: 'Globex',
			customer_phone: '',
			customer_address: '',
			currency: 'USD',
			tax_rate: 20,
			sub_total: 1800,
			tax_amount: 360,
			total: 2160,
			accepted: 'False',
			issue_date: '2026-01-15',
			due_date: '2026-01-15',
			note: '',
		};
		expect(created.body).toEqual({ status: 'success', estimate: [{ ...estimate, estimate_no: 'EST-1' }], items: [{ description: 'Audit', quantity: 2, rate: '900.00' }] });
		const accepted = await ctx.call('PUT', '/estimate/1000000000000002', { client, estimate_no: 'EST-1', accepted: 'True' }, 'form');
		expect(accepted.body.estimate).toEqual([{ ...estimate, estimate_no: 'EST-1', accepted: 'True' }]);
		expect(accepted.body.items).toEqual([{ description: 'Audit', quantity: 2, rate: '900.00' }]);
		expect((await ctx.call('POST', '/estimate/send', { id: estimate.id, email: 'ap@globex.example', phone: '+44' }, 'query')).body).toEqual({
			status: 'success',
			message: 'Estimate was successfully sent.',
		});
		await ctx.call('PUT', `/estimate/${estimate.id}`, { client, estimate_no: 'EST-1', items: [{ description: 'Pen test', quantity: 1, rate: 500 }] });
		const got = await ctx.call('GET', `/estimate/${estimate.id}`);
		expect(got.body).toEqual({
			status: 'success',
			estimate: [{ ...estimate, reference_no: 'EST-1', accepted: 'True', sub_total: 500, tax_amount: 100, total: 600 }],
			items: [{ description: 'Pen test', quantity: 1, rate: '500.00', amount: '500.00' }],
			send_log: [{ email: 'ap@globex.example', date: NOW }],
		});
		const clientView = await ctx.call('GET', `/client/${client}`);
		expect(clientView.body.estimates).toEqual([{ ...estimate, reference_no: 'EST-1', accepted: 'True', sub_total: 500, tax_amount: 100, total: 600, created_at: NOW, updated_at: NOW }]);
		expect((await ctx.call('DELETE', `/estimate/${estimate.id}`)).body).toEqual({ status: 'success', id: estimate.id });
	});

	test('expense: issue_date in, issued_date out; amounts as two-decimal strings; update keeps vendor', async () => {
		const created = await ctx.call('POST', '/expense/add', { description: 'Laptop', issue_date: '2026-01-10', amount: '1299.9', currency: 'USD', vendor: 'Dell' }, 'form');
		const expense = { id: '1000000000000001', short_code: 'sc0001', category: 'General', description: 'Laptop', amount: '1299.90', currency: 'USD', vendor: 'Dell', issued_date: '2026-01-10', created_at: NOW, updated_at: NOW };
		expect(created.body).toEqual({ status: 'success', expense: [expense] });
		const updated = await ctx.call('PUT', `/expense/${expense.id}`, { description: 'Laptop', issue_date: '2026-01-11', amount: 1200, currency: 'EUR' });
		expect(updated.body).toEqual({ status: 'success', expense: [{ ...expense, issued_date: '2026-01-11', amount: '1200.00', currency: 'EUR' }] });
		expect((await ctx.call('GET', '/expense/all')).body).toEqual({ status: 'success', data: [{ ...expense, issued_date: '2026-01-11', amount: '1200.00', currency: 'EUR' }] });
		expect((await ctx.call('DELETE', `/expense/${expense.id}`)).body).toEqual({ status: 'success', id: expense.id });
	});

	test('client: list entries have no updated_at; get carries invoices and estimates; update keeps omitted fields', async () => {
		const id = ctx.id(await ctx.call('POST', '/client/add', { names: 'Acme', email: 'a@acme.example', phone: '1' }, 'query'), 'data');
		expect((await ctx.call('GET', '/client/all')).body).toEqual({ status: 'success', data: [{ id, names: 'Acme', email: 'a@acme.example', phone: '1', address: '', created_at: NOW }] });
		const updated = await ctx.call('PUT', `/client/${id}`, { names: 'Acme Group' }, 'query');
		expect(updated.body).toEqual({ status: 'success', data: [{ id, names: 'Acme Group', email: 'a@acme.example', phone: '1', address: '', created_at: NOW, updated_at: NOW }] });
		expect((await ctx.call('GET', `/client/${id}`)).body).toEqual({ status: 'success', data: (updated.body.data as unknown[]), invoices: [], estimates: [] });
		expect((await ctx.call('DELETE', `/client/${id}`)).body).toEqual({ status: 'success', id });
	});

	test('the three encodings give the same record', async () => {
		const client = ctx.id(await ctx.call('POST', '/client/add', { names: 'Acme' }, 'query'), 'data');
		const params = { client, invoice_no: 'X', payment_status: 'Paid', tax_rate: 10, items: [{ description: 'A b&c', quantity: 3, rate: '2.5' }] };
		const answers: Answer[] = [];
		for (const encoding of ['query', 'form', 'json'] as const) answers.push(await ctx.call('POST', '/invoice/add', params, encoding));
		const strip = (a: Answer) => ({ ...(a.body.invoice as Array<Record<string, unknown>>)[0], id: '', short_code: '', items: a.body.items });
		expect(strip(answers[1])).toEqual(strip(answers[0]));
		expect(strip(answers[2])).toEqual(strip(answers[0]));
		expect(strip(answers[0])).toMatchObject({ total: 8.25, items: [{ description: 'A b&c', quantity: 3, rate: '2.50' }] });
		expect(ctx.sandbox.requests().slice(-3).map((r) => r.encoding)).toEqual(['query', 'form', 'json']);
	});
});
