import { computeAmounts, totalsText, type MinorAmounts } from './amounts';
import { writeCii } from './cii';
import { cleanInput } from './clean';
import { parseDecimal } from './decimal';
import { formatInfo } from './formats';
import { prepare } from './prepared';
import type { EInvoiceInput, EInvoiceResult } from './types';
import { writeUbl } from './ubl';

/** Beyond this many currency units a double no longer holds every cent exactly */
const DOUBLE_SAFE_UNITS = 10_000_000_000_000n;
const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/**
 * The file as the lines compute it, without judging whether the format's terms are all there. `rawAmounts`, the
 * amounts of `raw` if the caller has them, serve when cleaning left the input as it was.
 */
export function writeEInvoiceUnchecked(raw: EInvoiceInput, warnings: string[] = [], rawAmounts?: MinorAmounts): EInvoiceResult {
	const { input, dirtyFields } = cleanInput(raw);
	if (dirtyFields.length > 0) warnings.push(`Control characters XML cannot carry were removed from: ${dirtyFields.join(', ')}`);
	const info = formatInfo(input.format);
	const amounts = rawAmounts !== undefined && input === raw ? rawAmounts : computeAmounts(input);
	const paid = parseDecimal(input.paid || '0');
	if (paid && paid.scale > amounts.decimals) warnings.push(`The amount paid ${input.paid} was rounded to ${totalsText(amounts).paid}`);
	if (input.vat.category === 'O' && (input.seller.vatId || input.buyer.vatId)) warnings.push('VAT identifiers are left out: an invoice not subject to VAT may not carry them (BR-O-02)');
	if (info.syntax === 'cii' && abs(amounts.totalWithTax) >= DOUBLE_SAFE_UNITS * 10n ** BigInt(amounts.decimals)) {
		warnings.push('Amounts of 10^13 and more may fail BR-CO-10 in CII validators, which add line amounts as binary doubles');
	}
	const invoice = prepare(input, info, amounts);
	const xml = info.syntax === 'ubl' ? writeUbl(invoice) : writeCii(invoice);
	return { xml, totals: totalsText(amounts), warnings };
}
