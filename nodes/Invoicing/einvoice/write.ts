import { computeAmounts, totalsText } from './amounts';
import { writeCii } from './cii';
import { cleanInput } from './clean';
import { parseDecimal } from './decimal';
import { formatInfo } from './formats';
import { prepare } from './prepared';
import type { EInvoiceInput, EInvoiceResult } from './types';
import { writeUbl } from './ubl';

/** The file as the lines compute it, without judging whether the format's terms are all there. */
export function writeEInvoiceUnchecked(raw: EInvoiceInput, warnings: string[] = []): EInvoiceResult {
	const { input, dirtyFields } = cleanInput(raw);
	if (dirtyFields.length > 0) warnings.push(`Control characters XML cannot carry were removed from: ${dirtyFields.join(', ')}`);
	const info = formatInfo(input.format);
	const amounts = computeAmounts(input);
	const paid = parseDecimal(input.paid || '0');
	if (paid && paid.scale > amounts.decimals) warnings.push(`The amount paid ${input.paid} was rounded to ${totalsText(amounts).paid}`);
	if (input.vat.category === 'O' && (input.seller.vatId || input.buyer.vatId)) warnings.push('VAT identifiers are left out: an invoice not subject to VAT may not carry them (BR-O-02)');
	const invoice = prepare(input, info, amounts);
	const xml = info.syntax === 'ubl' ? writeUbl(invoice) : writeCii(invoice);
	return { xml, totals: totalsText(amounts), warnings };
}
