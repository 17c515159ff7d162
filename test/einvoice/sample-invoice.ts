import type { EInvoiceFormat, EInvoiceInput } from '../../nodes/Invoicing/einvoice/types';

/** One complete invoice: 19 % VAT, two lines, part-paid; every term all five formats need. */
export function sampleInvoice(format: EInvoiceFormat): EInvoiceInput {
	return {
		format,
		number: 'RE-2026-0042',
		issueDate: '2026-11-29',
		dueDate: '2026-12-29',
		currency: 'EUR',
		buyerReference: '04011000-12345-03',
		seller: {
			name: 'Müller & Söhne GmbH',
			address: { street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
			vatId: 'DE123456789',
			electronicAddress: { scheme: 'EM', value: 'invoices@mueller.example' },
			contact: { name: 'Anna Müller', phone: '+49 30 1234567', email: 'anna@mueller.example' },
			iban: 'DE75512108001245126199',
			paymentMeansCode: '58',
		},
		buyer: {
			name: 'Stadt Musterhausen',
			address: { street: 'Rathausplatz 2', city: 'Musterhausen', postalCode: '12345', country: 'DE' },
			electronicAddress: { scheme: 'EM', value: 'rechnungen@musterhausen.example' },
		},
		vat: { rate: '19', category: 'S' },
		lines: [
			{ id: '1', description: 'Beratung', quantity: '1.3333', unitCode: 'HUR', price: '95.50' },
			{ id: '2', description: 'Fahrtkosten', quantity: '3', unitCode: 'C62', price: '0.125' },
		],
		paid: '50.00',
	};
}
