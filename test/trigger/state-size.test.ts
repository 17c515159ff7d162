import type { IDataObject } from 'n8n-workflow';

import { readState } from '../../nodes/InvoicingTrigger/state';
import { invoiceHistory } from './invoice-history';
import { takeRequests, triggerOn, useService } from './setup';

const ctx = useService();
const EVENTS = { events: ['newInvoice', 'invoicePaid', 'invoiceOverdue'], alsoOnEveryPayment: true };
const bytes = (staticData: IDataObject) => JSON.stringify(staticData).length;
/** The same records as version 0.1.0 kept them (`seen`: id -> fingerprint), for comparison. */
const oldBytes = (staticData: IDataObject) => bytes({ seen: readState(staticData) as IDataObject });
const invoicesKept = (staticData: IDataObject) => Object.keys(readState(staticData).invoice ?? {}).length;

describe('Invoicing Trigger: the state stays small (invoice-history.ts: ids as the service makes them, 65 % paid)', () => {
	test('10,000 invoices: 8.54 bytes of static data each (29.11 as 0.1.0 kept them); each later change comes once', async () => {
		const { sandbox, service } = ctx;
		const book = invoiceHistory(10_000);
		sandbox.load(book);
		const trigger = triggerOn(sandbox, EVENTS);
		expect(await trigger.poll()).toBeNull();
		expect(invoicesKept(trigger.staticData())).toBe(10_000);
		expect(bytes(trigger.staticData())).toBe(85_395);
		expect(oldBytes(trigger.staticData())).toBe(291_112);

		const unpaid = book.invoices.filter((invoice) => invoice.payments.length === 0 && invoice.due_date > '2099');
		const [toPay, toMark, toDue] = unpaid.map((invoice) => invoice.id);
		const client = book.clients[0].id;
		await service.pay(toPay, 12.34);
		await service.mark(toMark, 'paid');
		const pastDue = { issue_date: '2024-01-01', due_date: '2024-02-01', payment_status: 'Not Paid' };
		await service.call('PUT', `/invoice/${toDue}`, { client, invoice_no: unpaid[2].invoice_no, ...pastDue });
		const added = await service.invoice(client, 'H-NEW', { issue_date: '2024-01-01', due_date: '2099-12-31' });
		takeRequests(sandbox);

		const items = await trigger.items();
		expect(items.map((item) => [item.event, item.id])).toEqual([
			['invoicePayment', toPay],
			['invoicePaid', toMark],
			['invoiceOverdue', toDue],
			['newInvoice', added],
		]);
		expect(items[0].payment).toMatchObject({ amount: 12.34 });
		expect(takeRequests(sandbox)).toEqual(['GET /v1/invoice/all', ...[toPay, toMark, toDue, added].map((id) => `GET /v1/invoice/${id}`)]);
		expect(await trigger.poll()).toBeNull();
		expect(invoicesKept(trigger.staticData())).toBe(10_001);
	}, 60_000);

	test('100,000 invoices: 8.53 bytes of static data each, at most 10 (29.10 as 0.1.0 kept them)', async () => {
		const { sandbox } = ctx;
		sandbox.load(invoiceHistory(100_000));
		const trigger = triggerOn(sandbox, EVENTS);
		expect(await trigger.poll()).toBeNull();
		expect(invoicesKept(trigger.staticData())).toBe(100_000);
		const size = bytes(trigger.staticData());
		expect(size).toBe(852_953);
		expect(size / 100_000).toBeLessThanOrEqual(10);
		expect(oldBytes(trigger.staticData())).toBe(2_910_431);
	}, 120_000);
});
