import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { EInvoiceInput } from '../../nodes/Invoicing/einvoice/types';
import type { EngineFixture } from './fixture';

/** The seller, the buyer, the invoice and the writer's input the Export E-Invoice engine tests share. */

export const SELLER = {
	name: 'Muster GmbH',
	street: 'Hauptstr. 1',
	city: 'Berlin',
	postalCode: '10115',
	country: 'DE',
	vatId: 'DE123456789',
	contactName: 'Erika Muster',
	contactPhone: '+49 30 1234',
	contactEmail: 'billing@muster.example',
	electronicAddress: 'billing@muster.example',
	iban: 'DE02120300000000202051',
	bic: 'BYLADEM1001',
	paymentTerms: 'Payable within 14 days',
};

export const BUYER = { street: 'Marktplatz 5', city: 'Hamburg', postalCode: '20095', country: 'DE', buyerReference: '04011000-12345-67' };

/** A Not Paid 19% EUR invoice of two lines (Consulting 2 x 50, Travel 1 x 30) made through the sandbox's API; its id. */
export async function addInvoice(ctx: EngineFixture, client: string, invoiceNo: string, extra: IDataObject = {}): Promise<string> {
	const body = await ctx.api('POST', '/invoice/add', {
		client,
		invoice_no: invoiceNo,
		payment_status: 'Not Paid',
		currency: 'EUR',
		tax_rate: 19,
		issue_date: '2026-01-10',
		due_date: '2026-01-24',
		items: [
			{ description: 'Consulting', quantity: 2, rate: 50 },
			{ description: 'Travel', quantity: 1, rate: 30 },
		],
		...extra,
	});
	return (body.invoice as IDataObject[])[0].id as string;
}

export const fileOf = (item: INodeExecutionData, property = 'data') => item.binary?.[property] as IBinaryData;
export const xmlOf = (binary: IBinaryData) => Buffer.from(binary.data, 'base64').toString('utf8');

export type Buyer = { street?: string; additionalStreet?: string; city?: string; postalCode?: string; country?: string; vatId?: string; buyerReference?: string };

/** What the node must give the writer for the invoice of addInvoice, exported with `buyer` (BUYER unless given) and SELLER. */
export function expectedInput(format: EInvoiceInput['format'], invoiceNo: string, email: string, buyer: Buyer = BUYER, scheme = 'EM'): EInvoiceInput {
	return {
		format,
		number: invoiceNo,
		issueDate: '2026-01-10',
		dueDate: '2026-01-24',
		deliveryDate: '2026-01-10',
		currency: 'EUR',
		buyerReference: buyer.buyerReference,
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
			bic: SELLER.bic,
			accountName: undefined,
			paymentMeansCode: '58',
			paymentTerms: SELLER.paymentTerms,
		},
		buyer: {
			name: 'Acme GmbH',
			address: { street: buyer.street, additionalStreet: buyer.additionalStreet, city: buyer.city, postalCode: buyer.postalCode, country: buyer.country },
			vatId: buyer.vatId,
			electronicAddress: { scheme, value: email },
		},
		vat: { rate: '19', category: 'S', exemptionReason: undefined, exemptionReasonCode: undefined },
		lines: [
			{ id: '1', description: 'Consulting', quantity: '2', unitCode: 'C62', price: '50.00' },
			{ id: '2', description: 'Travel', quantity: '1', unitCode: 'C62', price: '30.00' },
		],
		paid: '0.00',
		stated: { subTotal: '130', taxAmount: '24.7', total: '154.7' },
	};
}

export const TOTALS = { line_total: '130.00', tax_basis: '130.00', tax_amount: '24.70', total: '154.70', paid: '0.00', amount_due: '154.70' };

