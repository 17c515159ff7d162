import { computeAmounts, computeAmountsIfReadable } from './amounts';
import { missingTerms } from './check';
import { cleanInput } from './clean';
import { crossCheck } from './cross-check';
import { EInvoiceError } from './errors';
import type { EInvoiceInput, EInvoiceResult, MissingTerm } from './types';
import { writeEInvoiceUnchecked } from './write';

export * from './types';
export { EInvoiceError, type FigureMismatch, type StatedFigure } from './errors';
export { EINVOICE_FORMATS, type EInvoiceFormatInfo } from './formats';

/** Every business term the input's format needs but lacks (empty: the file can be written). */
export function checkEInvoice(raw: EInvoiceInput): MissingTerm[] {
	// judged as written: a name of nothing but control characters is no name
	const { input } = cleanInput(raw);
	return missingTerms(input, computeAmountsIfReadable(input)?.due);
}

/** The e-invoice file; throws EInvoiceError when terms are missing or the service's figures disagree with its lines. */
export function buildEInvoice(input: EInvoiceInput): EInvoiceResult {
	const missing = checkEInvoice(input);
	if (missing.length > 0) throw new EInvoiceError({ missing });
	return buildCheckedEInvoice(input);
}

/** buildEInvoice for an input checkEInvoice has just found complete: the same file, without checking it twice. */
export function buildCheckedEInvoice(input: EInvoiceInput): EInvoiceResult {
	const amounts = computeAmounts(input);
	const check = crossCheck(input, amounts);
	if (check.mismatch) throw new EInvoiceError({ mismatch: check.mismatch });
	return writeEInvoiceUnchecked(input, check.warnings, amounts);
}
