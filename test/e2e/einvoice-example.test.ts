import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { buildEInvoice } from '../../nodes/Invoicing/einvoice';
import type { EInvoiceInput } from '../../nodes/Invoicing/einvoice/types';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { copyExampleData, readExample, startResidentN8n } from '../../tools/scripts/n8n/harness';
import { nodeOutput } from '../../tools/scripts/n8n/n8n-cli';
import type { ResidentN8n } from '../../tools/scripts/n8n/resident';
import { withDataDir } from '../../tools/scripts/n8n/workflows';

/**
 * Example 9 inside real n8n: the Paid invoices become XRechnung files written by n8n's Read/Write Files from Disk,
 * named after their numbers and holding exactly what the writer makes of the invoice, buyers.csv and the seller
 * credential; an invoice whose client is not in buyers.csv goes to the error output, unwritten.
 */
const API_KEY = 'e2e-key';
const EXAMPLE = '9-month-end-einvoices.json';

const SELLER = {
	name: 'Muster Software GmbH',
	street: 'Hauptstr. 1',
	city: 'Berlin',
	postalCode: '10115',
	country: 'DE',
	vatId: 'DE123456789',
	contactName: 'Buchhaltung',
	contactPhone: '+49 30 1234',
	contactEmail: 'buchhaltung@muster.example',
	electronicAddress: 'buchhaltung@muster.example',
	iban: 'DE02120300000000202051',
	paymentTerms: 'Zahlbar innerhalb von 14 Tagen',
};

let sandbox: Sandbox;
let n8n: ResidentN8n;
let dataDir: string;

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: API_KEY });
	const filesRoot = mkdtempSync(join(tmpdir(), 'invoicing-files-'));
	dataDir = join(filesRoot, 'invoicing');
	mkdirSync(dataDir);
	copyExampleData(dataDir);
	({ n8n } = await startResidentN8n({
		baseUrl: sandbox.url,
		apiKey: API_KEY,
		workflows: [withDataDir(readExample(EXAMPLE), dataDir)],
		env: { N8N_RESTRICT_FILE_ACCESS_TO: filesRoot },
		extraCredentials: [{ id: 'invoicing-seller-demo', name: 'Invoicing E-Invoice Seller API account', type: 'invoicingSellerApi', data: SELLER }],
	}));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

const post = async (path: string, body: IDataObject) => {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return (await response.json()) as IDataObject;
};

async function invoice(client: string, invoiceNo: string, paymentStatus: string): Promise<void> {
	await post('/invoice/add', {
		client,
		invoice_no: invoiceNo,
		payment_status: paymentStatus,
		currency: 'EUR',
		tax_rate: 19,
		issue_date: '2026-02-03',
		due_date: '2026-02-17',
		items: [{ description: 'Wartung Februar', quantity: 4, rate: 85.5 }],
	});
}

/** The writer's input for an invoice of `invoice` above, its buyer a row of examples/data/buyers.csv. */
function expectedInput(invoiceNo: string, buyer: { name: string; email: string; street: string; postalCode: string; city: string; vatId: string; reference: string }): EInvoiceInput {
	return {
		format: 'xrechnung-ubl',
		number: invoiceNo,
		issueDate: '2026-02-03',
		dueDate: '2026-02-17',
		deliveryDate: '2026-02-03',
		currency: 'EUR',
		buyerReference: buyer.reference,
		orderReference: undefined,
		note: undefined,
		seller: {
			name: SELLER.name,
			address: { street: SELLER.street, additionalStreet: undefined, city: SELLER.city, postalCode: SELLER.postalCode, country: 'DE' },
			vatId: SELLER.vatId,
			taxNumber: undefined,
			legalId: undefined,
			electronicAddress: { scheme: 'EM', value: SELLER.electronicAddress },
			contact: { name: SELLER.contactName, phone: SELLER.contactPhone, email: SELLER.contactEmail },
			iban: SELLER.iban,
			bic: undefined,
			accountName: undefined,
			paymentMeansCode: '58',
			paymentTerms: SELLER.paymentTerms,
		},
		buyer: {
			name: buyer.name,
			address: { street: buyer.street, additionalStreet: undefined, city: buyer.city, postalCode: buyer.postalCode, country: 'DE' },
			vatId: buyer.vatId,
			electronicAddress: { scheme: 'EM', value: buyer.email },
		},
		vat: { rate: '19', category: 'S', exemptionReason: undefined, exemptionReasonCode: undefined },
		lines: [{ id: '1', description: 'Wartung Februar', quantity: '4', unitCode: 'C62', price: '85.50' }],
		paid: '0.00',
		stated: { subTotal: '342', taxAmount: '64.98', total: '406.98' },
	};
}

test('9: month-end e-invoices: each Paid invoice written as <number>.xml with the XML the node made; a client missing from buyers.csv goes to the error output', async () => {
	sandbox.reset({ seed: 'empty' });
	const stadtwerke = ((await post('/client/add', { names: 'Stadtwerke Musterstadt', email: 'rechnung@stadtwerke.example' })).data as IDataObject[])[0].id as string;
	const nordlicht = ((await post('/client/add', { names: 'Nordlicht Handel GmbH', email: 'ap@nordlicht.example' })).data as IDataObject[])[0].id as string;
	const unknown = ((await post('/client/add', { names: 'Unbekannt AG', email: 'info@unbekannt.example' })).data as IDataObject[])[0].id as string;
	await invoice(stadtwerke, 'SW-2026-1', 'Paid');
	await invoice(nordlicht, 'NL/2026/3', 'Paid');
	await invoice(nordlicht, 'NL/2026/4', 'Not Paid');
	await invoice(unknown, 'UB-1', 'Paid');

	const run = await n8n.execute('invoicing-month-end-einvoices');
	expect(run.status).toBe('success');
	const exported = nodeOutput(run, 'Export E-Invoice');
	expect(exported.map((item) => [item.invoice_no, item.file_name, item.total])).toEqual([
		['SW-2026-1', 'SW-2026-1.xml', '406.98'],
		['NL/2026/3', 'NL_2026_3.xml', '406.98'],
	]);
	const lacking = nodeOutput(run, 'Export E-Invoice', 'main', 1);
	expect(lacking).toHaveLength(1);
	expect(JSON.stringify(lacking[0])).toContain('(item 2): 4 business terms are missing, no file written: BR-11 Buyer country code (BT-55) (fill: Buyer > Country (or the input field country))');

	expect(readdirSync(dataDir).filter((name) => name.endsWith('.xml')).sort()).toEqual(['NL_2026_3.xml', 'SW-2026-1.xml']);
	expect(existsSync(join(dataDir, 'UB-1.xml'))).toBe(false);
	const stadtwerkeBuyer = { name: 'Stadtwerke Musterstadt', email: 'rechnung@stadtwerke.example', street: 'Rathausplatz 1', postalCode: '12345', city: 'Musterstadt', vatId: 'DE811111111', reference: '991-01234-56' };
	const nordlichtBuyer = { name: 'Nordlicht Handel GmbH', email: 'ap@nordlicht.example', street: 'Hafenstr. 7', postalCode: '20457', city: 'Hamburg', vatId: 'DE822222222', reference: 'PO-2026-17' };
	expect(readFileSync(join(dataDir, 'SW-2026-1.xml'), 'utf8')).toBe(buildEInvoice(expectedInput('SW-2026-1', stadtwerkeBuyer)).xml);
	expect(readFileSync(join(dataDir, 'NL_2026_3.xml'), 'utf8')).toBe(buildEInvoice(expectedInput('NL/2026/3', nordlichtBuyer)).xml);
});
