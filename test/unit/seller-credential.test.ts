import { InvoicingSellerApi } from '../../credentials/InvoicingSellerApi.credentials';
import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { ibanChecks, sellerProblems } from '../../nodes/Invoicing/helpers/einvoice/seller-test';

const credential = new InvoicingSellerApi();

test('the seller credential holds the issuing company, no secret; EM and SEPA credit transfer by default', () => {
	expect(credential.properties.map((p) => p.name)).toEqual([
		'name',
		'street',
		'additionalStreet',
		'city',
		'postalCode',
		'country',
		'vatId',
		'taxNumber',
		'legalId',
		'contactName',
		'contactPhone',
		'contactEmail',
		'electronicAddress',
		'electronicAddressScheme',
		'iban',
		'bic',
		'accountName',
		'paymentMeansCode',
		'paymentTerms',
	]);
	expect(credential.properties.filter((p) => p.typeOptions?.password)).toEqual([]);
	expect(credential.properties.find((p) => p.name === 'electronicAddressScheme')?.default).toBe('EM');
	expect(credential.properties.find((p) => p.name === 'paymentMeansCode')?.default).toBe('58');
	expect(credential).not.toHaveProperty('authenticate');
});

test('IBAN check digits (ISO 13616, modulo 97)', () => {
	expect(ibanChecks('DE02120300000000202051')).toBe(true);
	expect(ibanChecks('DE02 1203 0000 0000 2020 51')).toBe(true);
	expect(ibanChecks('DE03120300000000202051')).toBe(false);
	expect(ibanChecks('not an iban')).toBe(false);
});

test("the credential's test checks the entries, sends nothing, and names each problem", async () => {
	expect(sellerProblems({ name: 'Muster GmbH', country: 'DE', iban: 'DE02120300000000202051' })).toEqual([]);
	expect(sellerProblems({ name: ' ', country: 'de', iban: 'DE03120300000000202051' })).toEqual([
		'Company Name is empty',
		'Country "de" is not an ISO 3166-1 alpha-2 code (e.g. DE)',
		'IBAN "DE03120300000000202051" is not a valid IBAN (its check digits do not match)',
	]);
	const test = new Invoicing().methods.credentialTest.invoicingSellerApiTest;
	const context = {} as ThisParameterType<typeof test>;
	await expect(test.call(context, { id: '1', name: 'Seller', type: 'invoicingSellerApi', data: { name: 'Muster GmbH' } })).resolves.toEqual({
		status: 'OK',
		message: 'The seller can be written in an e-invoice (Check Only on Export E-Invoice lists what a format still needs)',
	});
	await expect(test.call(context, { id: '1', name: 'Seller', type: 'invoicingSellerApi', data: {} })).resolves.toEqual({ status: 'Error', message: 'Company Name is empty' });
});
