import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

const text = (displayName: string, name: string, description: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	description,
	...extra,
});

/**
 * The company that issues the invoices, as an e-invoice names it (EN 16931 seller, BG-4): set once, chosen on
 * Export E-Invoice. Nothing here is a secret and nothing here authenticates a request; several companies are
 * several credentials.
 */
export class InvoicingSellerApi implements ICredentialType {
	name = 'invoicingSellerApi';

	displayName = 'Invoicing E-Invoice Seller API';

	icon: Icon = { light: 'file:../nodes/Invoicing/invoicing.svg', dark: 'file:../nodes/Invoicing/invoicing.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-invoicing/n8n-nodes-invoicing/blob/main/docs/einvoice.md';

	properties: INodeProperties[] = [
		text('Company Name', 'name', 'Legal name of the issuing company (BT-27)', { required: true }),
		text('Street', 'street', 'Street and number (BT-35)'),
		text('Additional Street', 'additionalStreet', 'Second address line (BT-36)'),
		text('City', 'city', 'BT-37'),
		text('Postal Code', 'postalCode', 'BT-38'),
		text('Country', 'country', 'ISO 3166-1 alpha-2 code, e.g. DE (BT-40)', { placeholder: 'e.g. DE' }),
		text('VAT ID', 'vatId', 'VAT identifier with its country prefix, e.g. DE123456789 (BT-31)'),
		text('Tax Number', 'taxNumber', 'Local tax registration number, when there is no VAT ID (BT-32)'),
		text('Legal Registration ID', 'legalId', 'Company register number, e.g. HRB 12345 (BT-30)'),
		text('Contact Name', 'contactName', 'Person or department to contact (BT-41)'),
		text('Contact Phone', 'contactPhone', 'BT-42'),
		text('Contact E-mail', 'contactEmail', 'BT-43', { placeholder: 'e.g. billing@company.example' }),
		text('Electronic Address', 'electronicAddress', "Where the seller receives e-invoice replies, e.g. the company's e-mail (BT-34)"),
		text('Electronic Address Scheme', 'electronicAddressScheme', 'EAS code of the electronic address: EM for an e-mail address, 0088 GLN, 9930 German VAT ID', {
			default: 'EM',
		}),
		text('IBAN', 'iban', 'Account the buyer pays to (BT-84)'),
		text('BIC', 'bic', 'BT-86'),
		text('Account Name', 'accountName', 'BT-85'),
		{
			displayName: 'Payment Means',
			name: 'paymentMeansCode',
			type: 'options',
			default: '58',
			description: 'How the buyer pays (BT-81, UNCL4461 code)',
			options: [
				{ name: 'Bank Card (48)', value: '48' },
				{ name: 'Cash (10)', value: '10' },
				{ name: 'Credit Transfer (30)', value: '30' },
				{ name: 'Not Defined (1)', value: '1' },
				{ name: 'SEPA Credit Transfer (58)', value: '58' },
				{ name: 'SEPA Direct Debit (59)', value: '59' },
			],
		},
		text('Payment Terms', 'paymentTerms', 'Default payment terms written on every invoice, e.g. "Payable within 14 days" (BT-20)'),
	];
}
