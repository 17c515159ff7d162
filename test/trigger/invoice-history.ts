import { computeTotals } from '../../tools/sandbox/money';
import type { BookData, Client, Invoice } from '../../tools/sandbox';

/** A fixed pseudo-random sequence in [0, 1) (mulberry32), so that a book and the state it makes are the same every run. */
function randomFrom(seed: number): () => number {
	let value = seed >>> 0;
	return () => {
		value = (value + 0x6d2b79f5) >>> 0;
		let mixed = Math.imul(value ^ (value >>> 15), 1 | value);
		mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
		return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
	};
}

const MEAN_MINUTES_APART = 15;
const START = Date.UTC(2024, 0, 1);
const timestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A business's invoice history as the service would list it: `count` invoices created on average 15 minutes
 * apart (about 96 a day: 100,000 take almost 3 years), each id made as the sandbox makes them at run time
 * (the millisecond, then a 3-digit counter). 55 % paid in full, 10 % partly paid, 35 % unpaid of which a third
 * are past due; totals of 1-5 lines at 20.00-2,000.00 plus 7.5 % tax.
 */
export function invoiceHistory(count: number, seed = 29): BookData {
	const random = randomFrom(seed);
	const client: Client = { id: '1700000000000000', names: 'History Ltd', email: 'ap@history.example', phone: '', address: '', created_at: timestamp(START), updated_at: timestamp(START) };
	let ms = START;
	const invoices: Invoice[] = [];
	for (let index = 1; index <= count; index += 1) {
		ms += Math.max(1, Math.round(-Math.log(1 - random()) * MEAN_MINUTES_APART * 60_000));
		const items = [{ description: 'Work', quantity: 1 + Math.floor(random() * 5), rate: Math.round(2000 + random() * 198_000) / 100 }];
		const total = computeTotals(items, 7.5).total;
		const kind = random();
		const payment = (amount: number) => ({ status: 'success' as const, reference: `PAY-${index}`, amount, bank: 'Cash', created_at: timestamp(ms) });
		invoices.push({
			id: `${ms}${String(index % 1000).padStart(3, '0')}`,
			short_code: `h${index.toString(36)}`,
			invoice_no: `H-${index}`,
			payment_status: kind < 0.55 ? 'Paid' : 'Not Paid',
			customer_id: client.id,
			customer_name: client.names,
			customer_phone: '',
			customer_address: '',
			description: '',
			currency: 'USD',
			tax_rate: 7.5,
			issue_date: '2024-01-01',
			due_date: kind > 0.883 ? '2024-02-01' : '2099-12-31',
			note: '',
			items,
			payments: kind < 0.55 ? [payment(total)] : kind < 0.65 ? [payment(Math.round(total * 40) / 100)] : [],
			send_log: [],
			created_at: timestamp(ms),
			updated_at: timestamp(ms),
		});
	}
	return { clients: [client], expenses: [], invoices, estimates: [], sequence: 0 };
}
