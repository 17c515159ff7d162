import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { trimmed } from '../../../shared/text';

/** ISO 13616: the IBAN moved by four characters, letters as 10..35, is 1 modulo 97. */
export function ibanChecks(iban: string): boolean {
	const compact = iban.replace(/ /g, '').toUpperCase();
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
	let remainder = 0;
	for (const character of compact.slice(4) + compact.slice(0, 4)) {
		const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
		for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
	}
	return remainder === 1;
}

/** What in the seller's entries an e-invoice cannot carry; empty when nothing. */
export function sellerProblems(data: ICredentialDataDecryptedObject): string[] {
	const problems: string[] = [];
	if (trimmed(data.name) === '') problems.push('Company Name is empty');
	const country = trimmed(data.country);
	if (country !== '' && !/^[A-Z]{2}$/.test(country)) problems.push(`Country "${country}" is not an ISO 3166-1 alpha-2 code (e.g. DE)`);
	const iban = trimmed(data.iban);
	if (iban !== '' && !ibanChecks(iban)) problems.push(`IBAN "${iban}" is not a valid IBAN (its check digits do not match)`);
	return problems;
}

/**
 * The seller credential's test (n8n's Test button): nothing is sent anywhere, the entries are checked as an
 * e-invoice needs them. Which terms a format still needs, Export E-Invoice's Check Only tells.
 */
export async function testSellerEntries(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const problems = sellerProblems(credential.data ?? {});
	return problems.length > 0
		? { status: 'Error', message: problems.join('; ') }
		: { status: 'OK', message: 'The seller can be written in an e-invoice (Check Only on Export E-Invoice lists what a format still needs)' };
}
