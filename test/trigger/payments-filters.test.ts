import { todayIn } from '../../nodes/shared/dates';
import { triggerOn, useService } from './setup';
import { shiftDate } from './service';

const ctx = useService();
const today = () => todayIn('UTC');

describe('Invoicing Trigger: "Also on Every Payment"', () => {
	test('each new payment is an item with that payment; the one that completes the invoice comes once, as invoicePaid', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Acme');
		const invoice = await service.invoice(client, 'INV-1');
		const trigger = triggerOn(sandbox, { events: ['invoicePaid'], alsoOnEveryPayment: true });
		expect(await trigger.poll()).toBeNull();

		await service.pay(invoice, 30);
		const first = await trigger.items();
		expect(first.map((i) => [i.event, i.amount_paid, (i.payment as { amount: number }).amount])).toEqual([['invoicePayment', '30.00', 30]]);
		expect(first[0].payment).toEqual({ status: 'success', reference: expect.stringMatching(/^PAY-/), amount: 30, bank: 'Cash', created_at: expect.any(String) });
		expect(await trigger.poll()).toBeNull();

		await service.pay(invoice, 20);
		await service.pay(invoice, 50);
		const second = await trigger.items();
		expect(second.map((i) => [i.event, i.payment_status, (i.payment as { amount: number }).amount])).toEqual([
			['invoicePayment', 'Paid', 20],
			['invoicePaid', 'Paid', 50],
		]);
		expect(await trigger.poll()).toBeNull();
	});

	test('without the option, payments are silent and only the change to Paid comes, without a payment', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Acme');
		const invoice = await service.invoice(client, 'INV-2');
		const trigger = triggerOn(sandbox, { events: ['invoicePaid'] });
		expect(await trigger.poll()).toBeNull();
		await service.pay(invoice, 30);
		expect(await trigger.poll()).toBeNull();
		await service.pay(invoice, 70);
		const items = await trigger.items();
		expect(items.map((i) => [i.event, i.id, 'payment' in i])).toEqual([['invoicePaid', invoice, false]]);
	});
});

describe('Invoicing Trigger: filters', () => {
	test('client, currency and minimum total are applied before emitting; filtered-out records never come later', async () => {
		const { service, sandbox } = ctx;
		const acme = await service.client('Acme');
		const globex = await service.client('Globex');
		const trigger = triggerOn(sandbox, {
			events: ['newClient', 'newExpense', 'newInvoice'],
			filters: { clientId: { __rl: true, mode: 'list', value: acme }, currency: 'eur', minTotal: 150 },
		});
		expect(await trigger.poll()).toBeNull();
		const items = [{ description: 'Work', quantity: 2, rate: 100 }];
		await service.invoice(acme, 'A-EUR-200', { currency: 'EUR', items });
		await service.invoice(acme, 'A-USD-200', { currency: 'USD', items });
		await service.invoice(acme, 'A-EUR-100', { currency: 'EUR' });
		await service.invoice(globex, 'G-EUR-200', { currency: 'EUR', items });
		await service.expense('Hotel', 180, 'EUR');
		await service.expense('Taxi', 40, 'EUR');
		await service.client('Initech');
		expect((await trigger.items()).map((i) => [i.event, i.invoice_no ?? i.description])).toEqual([
			['newExpense', 'Hotel'],
			['newInvoice', 'A-EUR-200'],
		]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a currency that is not an ISO code is refused, naming the filter, before anything is sent', async () => {
		const { sandbox } = ctx;
		const trigger = triggerOn(sandbox, { events: ['newInvoice'], filters: { currency: 'Euro' } });
		sandbox.clearRequests();
		await expect(trigger.poll()).rejects.toThrow('Filter "Currency" must be an ISO 4217 code such as USD, got "Euro"');
		expect(sandbox.requests()).toEqual([]);
	});
});

describe('Invoicing Trigger: Fetch Test Event (manual mode)', () => {
	test('returns the newest matching record and leaves the state alone', async () => {
		const { service, sandbox } = ctx;
		const client = await service.client('Acme');
		const trigger = triggerOn(sandbox, { events: ['invoiceOverdue'] });
		await expect(trigger.poll('manual')).rejects.toThrow('No record in the service matches the chosen events and filters yet');
		expect(trigger.staticData()).toEqual({});

		await service.invoice(client, 'OLD', { issue_date: shiftDate(today(), -40), due_date: shiftDate(today(), -20) });
		await new Promise((resolve) => setTimeout(resolve, 1100)); // created_at has whole seconds
		const newest = await service.invoice(client, 'NEW', { issue_date: shiftDate(today(), -40), due_date: shiftDate(today(), -5) });
		await service.invoice(client, 'NOT-DUE', { due_date: shiftDate(today(), 5) });
		const [item] = await trigger.items('manual');
		expect(item).toMatchObject({ event: 'invoiceOverdue', id: newest, invoice_no: 'NEW', payments: [], send_log: [] });
		expect(trigger.staticData()).toEqual({});

		expect(await trigger.poll()).toBeNull();
		const state = JSON.stringify(trigger.staticData());
		await service.invoice(client, 'LATER', { issue_date: shiftDate(today(), -40), due_date: shiftDate(today(), -1) });
		expect((await trigger.items('manual')).map((i) => i.invoice_no)).toEqual(['LATER']);
		expect(JSON.stringify(trigger.staticData())).toBe(state);
		// the manual run moved nothing: the next real poll still reports the new invoice
		expect((await trigger.items()).map((i) => [i.event, i.invoice_no])).toEqual([['invoiceOverdue', 'LATER']]);
	});
});
