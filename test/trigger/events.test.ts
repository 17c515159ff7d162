import { todayIn } from '../../nodes/shared/dates';
import { ISO_INSTANT, keptRecords, takeRequests, triggerOn, useService } from './setup';
import { shiftDate } from './service';

const ctx = useService();
const ALL_EVENTS = ['newClient', 'newExpense', 'newInvoice', 'newEstimate', 'invoicePaid', 'invoiceOverdue', 'estimateAccepted'];
const today = () => todayIn('UTC');

describe('Invoicing Trigger: each event once, at the right poll', () => {
	test('the first poll records a baseline and emits nothing, even with overdue, paid and accepted records', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Acme Ltd', 'billing@acme.example');
		await service.expense('Laptop', 1299.99);
		const overdue = await service.invoice(client, 'INV-1', { issue_date: shiftDate(today(), -30), due_date: shiftDate(today(), -1) });
		await service.invoice(client, 'INV-2', { payment_status: 'Paid' });
		await service.estimate(client, 'EST-1', { accepted: 'True' });
		const trigger = triggerOn(sandbox, { events: ALL_EVENTS });
		sandbox.clearRequests();

		expect(await trigger.poll()).toBeNull();
		expect(takeRequests(sandbox)).toEqual(['GET /v1/client/all', 'GET /v1/expense/all', 'GET /v1/invoice/all', 'GET /v1/estimate/all']);
		expect(sandbox.requests()).toEqual([]);
		const seen = keptRecords(trigger);
		expect(Object.keys(seen)).toEqual(['client', 'expense', 'invoice', 'estimate']);
		expect(seen.invoice?.[overdue]).toBe('N1:0');
		expect(await trigger.poll()).toBeNull();
	});

	test('a new client comes once, as the action node\'s Get shapes it, fetched with the credential applied', async () => {
		const { service, sandbox } = ctx;
		const trigger = triggerOn(sandbox, { events: ['newClient'] });
		expect(await trigger.poll()).toBeNull();
		const id = await service.client('Globex', 'ap@globex.example');
		const invoice = await service.invoice(id, 'INV-9');
		sandbox.clearRequests();

		const items = await trigger.items();
		const requests = sandbox.requests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/client/all', `GET /v1/client/${id}`]);
		expect(requests.every((r) => r.authorized && r.headers.authorization === 'Bearer ***')).toBe(true);
		expect(items).toHaveLength(1);
		const { created_at, updated_at } = items[0];
		expect(items[0]).toEqual({
			event: 'newClient',
			detectedAt: expect.stringMatching(ISO_INSTANT),
			id,
			names: 'Globex',
			email: 'ap@globex.example',
			phone: '',
			address: '',
			created_at,
			updated_at,
			invoices: [expect.objectContaining({ id: invoice, invoice_no: 'INV-9' })],
			estimates: [],
		});
		expect(await trigger.poll()).toBeNull();
	});

	test('new expense, new invoice and new estimate each come once, with the record\'s full shape', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Initech');
		const trigger = triggerOn(sandbox, { events: ['newExpense', 'newInvoice', 'newEstimate'] });
		expect(await trigger.poll()).toBeNull();
		const expense = await service.expense('Train', 86.4, 'GBP');
		const invoice = await service.invoice(client, 'INV-10', { tax_rate: 10, due_date: shiftDate(today(), 30) });
		const estimate = await service.estimate(client, 'EST-10');

		const items = await trigger.items();
		expect(items.map((i) => [i.event, i.id])).toEqual([
			['newExpense', expense],
			['newInvoice', invoice],
			['newEstimate', estimate],
		]);
		expect(items[0]).toMatchObject({ description: 'Train', amount: '86.40', currency: 'GBP', issued_date: '2026-01-10' });
		expect(items[1]).toMatchObject({ invoice_no: 'INV-10', total: 110, payment_status: 'Not Paid', payments: [], send_log: [] });
		expect(items[1].items).toEqual([{ description: 'Work', quantity: 1, rate: '100.00', amount: '100.00' }]);
		expect(items[2]).toMatchObject({ estimate_no: 'EST-10', reference_no: 'EST-10', accepted: 'False', send_log: [] });
		expect(await trigger.poll()).toBeNull();
	});

	test('invoice paid and estimate accepted come once, at the poll after the change', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Umbrella');
		const invoice = await service.invoice(client, 'INV-20', { due_date: shiftDate(today(), 10) });
		const estimate = await service.estimate(client, 'EST-20');
		const trigger = triggerOn(sandbox, { events: ['invoicePaid', 'estimateAccepted'] });
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();

		await service.mark(invoice, 'paid');
		expect((await trigger.items()).map((i) => [i.event, i.id, i.payment_status])).toEqual([['invoicePaid', invoice, 'Paid']]);
		expect(await trigger.poll()).toBeNull();

		await service.call('PUT', `/estimate/${estimate}`, { client, estimate_no: 'EST-20', accepted: 'True' });
		expect((await trigger.items()).map((i) => [i.event, i.id, i.accepted])).toEqual([['estimateAccepted', estimate, 'True']]);
		expect(await trigger.poll()).toBeNull();
	});

	test('invoice overdue comes once; again only after it was seen paid and became unpaid again', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Contoso');
		const due = shiftDate(today(), -2);
		const invoice = await service.invoice(client, 'INV-30', { issue_date: shiftDate(today(), -20), due_date: shiftDate(today(), 5) });
		const trigger = triggerOn(sandbox, { events: ['invoiceOverdue'] });
		expect(await trigger.poll()).toBeNull();

		await service.call('PUT', `/invoice/${invoice}`, { client, invoice_no: 'INV-30', payment_status: 'Not Paid', due_date: due });
		expect((await trigger.items()).map((i) => [i.event, i.id, i.due_date])).toEqual([['invoiceOverdue', invoice, due]]);
		expect(await trigger.poll()).toBeNull();

		// unpaid again without a poll seeing it paid: still the same overdue period
		await service.mark(invoice, 'paid');
		await service.mark(invoice, 'not-paid');
		expect(await trigger.poll()).toBeNull();

		await service.mark(invoice, 'paid');
		expect(await trigger.poll()).toBeNull();
		await service.mark(invoice, 'not-paid');
		expect((await trigger.items()).map((i) => [i.event, i.id])).toEqual([['invoiceOverdue', invoice]]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a new invoice that is already overdue is both new and overdue; one created paid is paid', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Fabrikam');
		const trigger = triggerOn(sandbox, { events: ['newInvoice', 'invoicePaid', 'invoiceOverdue'] });
		expect(await trigger.poll()).toBeNull();
		const late = await service.invoice(client, 'INV-40', { issue_date: shiftDate(today(), -40), due_date: shiftDate(today(), -10) });
		const paid = await service.invoice(client, 'INV-41', { payment_status: 'Paid' });
		sandbox.clearRequests();
		expect((await trigger.items()).map((i) => [i.event, i.invoice_no])).toEqual([
			['newInvoice', 'INV-40'],
			['invoiceOverdue', 'INV-40'],
			['newInvoice', 'INV-41'],
			['invoicePaid', 'INV-41'],
		]);
		// one Get per record, however many events it has
		expect(takeRequests(sandbox)).toEqual(['GET /v1/invoice/all', `GET /v1/invoice/${late}`, `GET /v1/invoice/${paid}`]);
	});

	test('overdue is judged in the workflow\'s time zone', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Northwind');
		const eastTrigger = triggerOn(sandbox, { events: ['invoiceOverdue'] }, { timezone: 'Pacific/Kiritimati' });
		const westTrigger = triggerOn(sandbox, { events: ['invoiceOverdue'] }, { timezone: 'Pacific/Pago_Pago' });
		expect(await eastTrigger.poll()).toBeNull();
		expect(await westTrigger.poll()).toBeNull();
		// today in UTC-11 is always before today in UTC+14
		const due = todayIn('Pacific/Pago_Pago');
		await service.invoice(client, 'INV-50', { issue_date: shiftDate(due, -10), due_date: due });
		expect((await eastTrigger.items()).map((i) => i.event)).toEqual(['invoiceOverdue']);
		expect(await westTrigger.poll()).toBeNull();
	});

	test('deleted records leave the state', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Gone Soon');
		const invoice = await service.invoice(client, 'INV-60');
		const trigger = triggerOn(sandbox, { events: ['newClient', 'newInvoice'] });
		expect(await trigger.poll()).toBeNull();
		expect(keptRecords(trigger)).toEqual({ client: { [client]: '' }, invoice: { [invoice]: 'N0:0' } });
		await service.remove('invoice', invoice);
		expect(await trigger.poll()).toBeNull();
		expect(keptRecords(trigger)).toEqual({ client: { [client]: '' }, invoice: {} });
	});

	test('dropping an event drops its resource from the state; choosing it again starts a new baseline', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Switcher');
		const trigger = triggerOn(sandbox, { events: ['newClient', 'newInvoice'] });
		expect(await trigger.poll()).toBeNull();
		const narrowed = triggerOn(sandbox, { events: ['newClient'] });
		Object.assign(narrowed.staticData(), trigger.staticData());
		expect(await narrowed.poll()).toBeNull();
		expect(keptRecords(narrowed)).toEqual({ client: { [client]: '' } });
	});
});
