// Writing one e-invoice file: 1,000 in a loop per format, after a warm-up; prints the mean time per file.
// npx ts-node --transpile-only tools/bench/einvoice.bench.ts [lines per invoice, default 10]
import { buildEInvoice, EINVOICE_FORMATS, type EInvoiceFormat, type EInvoiceInput } from '../../nodes/Invoicing/einvoice';

const LOOPS = 1000;
const lineCount = Number(process.argv[2] ?? 10);

function invoice(format: EInvoiceFormat): EInvoiceInput {
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
			name: 'Stadt Musterhausen <Bauamt>',
			address: { street: 'Rathausplatz 2', city: 'Musterhausen', postalCode: '12345', country: 'DE' },
			electronicAddress: { scheme: 'EM', value: 'rechnungen@musterhausen.example' },
		},
		vat: { rate: '19', category: 'S' },
		lines: Array.from({ length: lineCount }, (_, index) => ({ id: String(index + 1), description: `Beratung "Phase ${index + 1}" & Reise`, quantity: '1.3333', unitCode: 'HUR', price: '95.50' })),
		paid: '50.00',
	};
}

for (const { value } of EINVOICE_FORMATS) {
	const input = invoice(value);
	let bytes = 0;
	for (let i = 0; i < 200; i++) bytes = buildEInvoice(input).xml.length;
	const start = process.hrtime.bigint();
	for (let i = 0; i < LOOPS; i++) buildEInvoice(input);
	const perFile = Number(process.hrtime.bigint() - start) / LOOPS / 1e6;
	console.log(`${value.padEnd(14)} ${lineCount} lines, ${bytes} bytes: ${perFile.toFixed(3)} ms per file`);
}
