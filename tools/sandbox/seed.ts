import { addDays, type Clock } from './clock';
import type { IdSource } from './ids';
import { computeTotals } from './money';
import { emptyBook } from './store';
import type { BookData, Client, Estimate, Expense, Invoice, LineItem, PaymentStatus } from './types';

interface DemoInvoice {
	no: string;
	client: number;
	status: PaymentStatus;
	issuedDaysAgo: number;
	dueInDays: number;
	taxRate: number;
	currency: string;
	items: LineItem[];
	/** Fraction of the total already paid. */
	paidShare: number;
}

const CLIENTS = [
	{ names: 'Acme Ltd', email: 'billing@acme.example', phone: '+1 555 0100', address: '1 Market St, Springfield' },
	{ names: 'Globex Corporation', email: 'ap@globex.example', phone: '+44 20 7946 0000', address: '10 King St, London' },
	{ names: 'Initech', email: 'accounts@initech.example', phone: '+1 555 0199', address: '4120 Freidrich Ln, Austin' },
	{ names: 'Umbrella Health', email: 'finance@umbrella.example', phone: '', address: '' },
];

const INVOICES: DemoInvoice[] = [
	{ no: 'INV-1001', client: 0, status: 'Paid', issuedDaysAgo: 40, dueInDays: -10, taxRate: 10, currency: 'USD', paidShare: 1,
		items: [{ description: 'Website redesign', quantity: 1, rate: 2400 }, { description: 'Hosting (12 months)', quantity: 12, rate: 25 }] },
	{ no: 'INV-1002', client: 1, status: 'Not Paid', issuedDaysAgo: 5, dueInDays: 25, taxRate: 20, currency: 'GBP', paidShare: 0,
		items: [{ description: 'Consulting day', quantity: 3, rate: 650 }] },
	{ no: 'INV-1003', client: 2, status: 'Not Paid', issuedDaysAgo: 35, dueInDays: -5, taxRate: 7.5, currency: 'USD', paidShare: 0.5,
		items: [{ description: 'TPS report automation', quantity: 10, rate: 120 }, { description: 'Printer repair', quantity: 1, rate: 89.99 }] },
	{ no: 'INV-1004', client: 3, status: 'Not Paid', issuedDaysAgo: 45, dueInDays: -15, taxRate: 0, currency: 'USD', paidShare: 0,
		items: [{ description: 'Data migration', quantity: 1, rate: 1500 }] },
];

const ESTIMATES = [
	{ no: 'EST-2001', client: 0, accepted: 'True' as const, taxRate: 10, items: [{ description: 'Mobile app prototype', quantity: 1, rate: 4800 }] },
	{ no: 'EST-2002', client: 1, accepted: 'False' as const, taxRate: 20, items: [{ description: 'Security audit', quantity: 2, rate: 900 }] },
];

const EXPENSES = [
	{ description: 'Laptop', amount: 1299.99, currency: 'USD', vendor: 'Dell', daysAgo: 20 },
	{ description: 'Train to client site', amount: 86.4, currency: 'GBP', vendor: 'National Rail', daysAgo: 6 },
	{ description: 'Software licence', amount: 49, currency: 'USD', vendor: 'JetBrains', daysAgo: 2 },
];

/** A small realistic book; dates are relative to the clock's today, so overdue invoices stay overdue. */
export function demoBook(clock: Clock, ids: IdSource): BookData {
	const book = emptyBook();
	const today = clock.today();
	const now = clock.timestamp();
	const clients: Client[] = CLIENTS.map((c) => ({ id: ids.id(), ...c, created_at: now, updated_at: now }));
	const customer = (index: number) => ({
		customer_id: clients[index].id,
		customer_name: clients[index].names,
		customer_phone: clients[index].phone,
		customer_address: clients[index].address,
	});
	const invoices: Invoice[] = INVOICES.map((d) => {
		const total = computeTotals(d.items, d.taxRate).total;
		const paid = Math.round(total * d.paidShare * 100) / 100;
		return {
			id: ids.id(),
			short_code: ids.shortCode(),
			invoice_no: d.no,
			payment_status: d.status,
			...customer(d.client),
			description: `Services for ${clients[d.client].names}`,
			currency: d.currency,
			tax_rate: d.taxRate,
			issue_date: addDays(today, -d.issuedDaysAgo),
			due_date: addDays(today, d.dueInDays),
			note: 'Thank you for your business.',
			items: d.items,
			payments: paid > 0 ? [{ status: 'success', reference: ids.paymentReference(), amount: paid, bank: 'Bank Transfer', created_at: now }] : [],
			send_log: [],
			created_at: now,
			updated_at: now,
		};
	});
	const estimates: Estimate[] = ESTIMATES.map((d) => ({
		id: ids.id(),
		short_code: ids.shortCode(),
		estimate_no: d.no,
		accepted: d.accepted,
		...customer(d.client),
		description: 'Proposal',
		currency: 'USD',
		tax_rate: d.taxRate,
		issue_date: addDays(today, -3),
		due_date: addDays(today, 27),
		note: '',
		items: d.items,
		send_log: [],
		created_at: now,
		updated_at: now,
	}));
	const expenses: Expense[] = EXPENSES.map((d) => ({
		id: ids.id(),
		short_code: ids.shortCode(),
		category: 'General',
		description: d.description,
		amount: d.amount,
		currency: d.currency,
		vendor: d.vendor,
		issued_date: addDays(today, -d.daysAgo),
		created_at: now,
		updated_at: now,
	}));
	return { ...book, clients, invoices, estimates, expenses };
}

/** Invoices that are overdue on `today`: Not Paid and due before it. */
export function overdueInvoices(book: BookData, today: string): Invoice[] {
	return book.invoices.filter((i) => i.payment_status === 'Not Paid' && i.due_date < today);
}
