import { NodeOperationError, type IDataObject, type IExecuteSingleFunctions, type IN8nHttpFullResponse, type INodeExecutionData } from 'n8n-workflow';

import { trimmed } from '../../../shared/text';
import { nodeVersion } from '../input/node-version';
import type { ApiEnvelope } from '../../../shared/api-types';
import { buildCheckedEInvoice, checkEInvoice, EInvoiceError } from '../../einvoice';
import { executionHandle } from '../../engine/execution-memory';
import { executionNode } from '../../engine/execution-node';
import type { EInvoiceResult, MissingTerm } from '../../einvoice/types';
import { failureLabel } from '../errors/failure-labels';
import { fieldError, inputError } from '../errors/item-errors';
import { helperRequestBody } from '../request/helper-request';
import { SELLER_CREDENTIAL_TYPE } from '../../resources/invoice/exportEInvoice.operation';
import { ExportRefusal, exportInput, type ExportSources } from './export-input';
import { needsClientEmail, readExportParameters, type ExportParameters } from './export-parameters';
import { describeTerms, mergedTerms, SELLER_CREDENTIAL, withInputFields } from './fill-names';
import { xmlFile } from './xml-file';

const listOf = (body: ApiEnvelope, key: string): IDataObject[] => (Array.isArray(body[key]) ? (body[key] as IDataObject[]) : []);

const sellerReads = new WeakMap<object, Promise<IDataObject>>();

/**
 * The seller credential chosen on the node, read once per execution and node (n8n reads a credential from its
 * database and decrypts it on every call: more than the writing of the file); a failed read is not kept. None
 * chosen is the item's error, naming what to choose.
 */
async function sellerEntries(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const handle = executionHandle(ctx);
	let read = sellerReads.get(handle);
	if (read === undefined) {
		read = ctx.getCredentials(SELLER_CREDENTIAL_TYPE);
		sellerReads.set(handle, read);
		read.catch(() => sellerReads.delete(handle));
	}
	try {
		return await read;
	} catch {
		throw inputError(ctx, `no seller is chosen: choose ${SELLER_CREDENTIAL} on the node`, 'The seller (your company: name, address, VAT ID, bank account) is written in every e-invoice.');
	}
}

/** The client's e-mail, the buyer's default electronic address: one GET /client/{id}. */
async function clientEmail(ctx: IExecuteSingleFunctions, clientId: string): Promise<string | undefined> {
	if (clientId === '') return undefined;
	const url = `/client/${encodeURIComponent(clientId)}`;
	const body = await helperRequestBody(ctx, { method: 'GET', url, action: `${failureLabel(ctx)}, reading ${url} for the buyer's e-mail (no file written),` });
	return trimmed(listOf(body, 'data')[0]?.email) || undefined;
}

/** "INV/2026:7" -> "INV_2026_7.xml": characters file systems refuse become "_"; an empty number names the file by the invoice id. */
export function safeFileName(invoiceNo: string, id: string): string {
	const base = [...invoiceNo]
		.map((character) => (character.charCodeAt(0) < 32 || '<>:"/\\|?*'.includes(character) ? '_' : character))
		.join('')
		.replace(/^[.\s]+|[.\s]+$/g, '');
	return `${base === '' ? `invoice-${id}` : base.slice(0, 200)}.xml`;
}

/** Anything else the mapping or the writer throws, as the item's error. */
const asItemError = (ctx: IExecuteSingleFunctions, error: unknown): NodeOperationError =>
	error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: ctx.getItemIndex() });

const FIGURE_NAMES: Record<string, string> = { sub_total: 'sub-total (sub_total)', tax_amount: 'tax amount (tax_amount)', total: 'total' };

/** What to fill, naming the input fields too when the Buyer fields are read from the item. */
const namedFor = (parameters: ExportParameters) => (terms: MissingTerm[]): MissingTerm[] =>
	parameters.buyerFromItem ? terms.map((term) => ({ ...term, fill: withInputFields(term.fill) })) : terms;

/** The writer's refusal as the item's error: the missing terms with what to fill, or both figures of a mismatch. */
function writerRefusal(ctx: IExecuteSingleFunctions, parameters: ExportParameters, error: EInvoiceError): NodeOperationError {
	if (error.mismatch) {
		const { figure, stated, computed } = error.mismatch;
		return inputError(
			ctx,
			`the invoice's ${FIGURE_NAMES[figure] ?? figure} is ${stated} but its lines give ${computed}: no file written`,
			"An e-invoice's totals must follow from its lines, and the node writes neither figure in place of the other. Correct the invoice's lines or tax rate (Invoice > Update) so that the service's totals agree with them.",
		);
	}
	return missingTermsError(ctx, namedFor(parameters)(mergedTerms([], error.missing)));
}

function missingTermsError(ctx: IExecuteSingleFunctions, missing: MissingTerm[]): NodeOperationError {
	return inputError(
		ctx,
		`${missing.length === 1 ? 'a business term is' : `${missing.length} business terms are`} missing, no file written: ${describeTerms(missing)}`,
		'Fill each where named (Check Only under Options lists them for every invoice without writing a file); with Continue On Fail the other invoices are exported.',
	);
}

/** The writer's input from the answer, the client and the parameters; a value it refuses is the item's field error. */
async function sourcesOf(ctx: IExecuteSingleFunctions, parameters: ExportParameters, body: ApiEnvelope) {
	const record = listOf(body, 'invoice')[0] ?? {};
	const seller = await sellerEntries(ctx);
	const email = needsClientEmail(parameters) ? await clientEmail(ctx, trimmed(record.customer_id)) : undefined;
	const sources: ExportSources = { format: parameters.format, record, items: listOf(body, 'items'), buyer: parameters.buyer, details: parameters.details, seller, clientEmail: email };
	try {
		const { input, missing } = exportInput(sources);
		return { record, input, missing: namedFor(parameters)(mergedTerms(missing, checkEInvoice(input))) };
	} catch (error) {
		if (error instanceof ExportRefusal) throw fieldError(ctx, parameters.buyerFromItem ? withInputFields(error.field) : error.field, error.problem, error.hint);
		throw asItemError(ctx, error);
	}
}

/** The file of an input whose check found nothing missing (sourcesOf); the writer still refuses contradicting totals. */
function build(ctx: IExecuteSingleFunctions, parameters: ExportParameters, input: Parameters<typeof buildCheckedEInvoice>[0]): EInvoiceResult {
	try {
		return buildCheckedEInvoice(input);
	} catch (error) {
		if (error instanceof EInvoiceError) throw writerRefusal(ctx, parameters, error);
		throw asItemError(ctx, error);
	}
}

/**
 * Export E-Invoice: the invoice read by the operation's GET, the client's e-mail when it is the buyer's address,
 * the parameters and the seller credential become one file (binary) and its totals; with Check Only, whether the
 * invoice is ready and what is missing. A missing term or a figure the lines contradict fails the item: no file.
 */
export async function eInvoiceFile(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	const parameters = readExportParameters(this);
	const { record, input, missing } = await sourcesOf(this, parameters, response.body as ApiEnvelope);
	const id = trimmed(record.id);
	const invoiceNo = trimmed(record.invoice_no);
	if (parameters.checkOnly) return [{ json: { id, invoice_no: invoiceNo, format: parameters.format, ready: missing.length === 0, missing: missing as unknown as IDataObject[] } }];
	if (missing.length > 0) throw missingTermsError(this, missing);
	const { xml, totals, warnings } = build(this, parameters, input);
	const fileName = safeFileName(invoiceNo, id);
	const file = await xmlFile(this, xml, fileName);
	// the file's exact decimals; version 2 gives them as numbers, as every amount it outputs
	const amount = nodeVersion({ getNode: () => executionNode(this) }) >= 2 ? Number : (text: string) => text;
	const json: IDataObject = {
		format: parameters.format,
		invoice_no: invoiceNo,
		id,
		file_name: fileName,
		line_total: amount(totals.lineTotal),
		tax_basis: amount(totals.taxBasis),
		tax_amount: amount(totals.taxAmount),
		total: amount(totals.totalWithTax),
		paid: amount(totals.paid),
		amount_due: amount(totals.due),
		warnings,
	};
	return [{ json, binary: { [parameters.binaryProperty]: file } }];
}
