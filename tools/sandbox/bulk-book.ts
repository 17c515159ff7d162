import { emptyBook } from './store';
import type { BookData, Client, Invoice, PaymentStatus } from './types';

/**
 * A large book built in memory at once (for benchmarks over 10,000s of invoices): `invoices` invoices spread
 * round-robin over `clients` clients, invoice i numbered SEED-(i+1). Ids start with 9 and never meet the ids
 * the service draws at run time.
 */
export function bulkBook(counts: { clients: number; invoices: number }, now: string, statusOf: (index: number) => PaymentStatus): BookData {
	const id = (kind: number, index: number) => `9${kind}${String(index).padStart(14, '0')}`;
	const clients: Client[] = Array.from({ length: counts.clients }, (_, index) => ({
		id: id(1, index),
		names: `Bench Client ${index + 1}`,
		email: `client${index + 1}@bench.example`,
		phone: '',
		address: '',
		created_at: now,
		updated_at: now,
	}));
	const today = now.slice(0, 10);
	const invoices: Invoice[] = Array.from({ length: counts.invoices }, (_, index) => {
		const client = clients[index % clients.length];
		return {
			id: id(2, index),
			short_code: `b${index.toString(36)}`,
			invoice_no: `SEED-${index + 1}`,
			payment_status: statusOf(index),
			customer_id: client.id,
			customer_name: client.names,
			customer_phone: '',
			customer_address: '',
			description: '',
			currency: 'USD',
			tax_rate: 7.5,
			issue_date: today,
			due_date: today,
			note: '',
			items: [{ description: 'Seeded line', quantity: 1 + (index % 5), rate: 100 }],
			payments: [],
			send_log: [],
			created_at: now,
			updated_at: now,
		};
	});
	return { ...emptyBook(), clients, invoices, sequence: 0 };
}
