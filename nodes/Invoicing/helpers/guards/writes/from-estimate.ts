import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { ItemMemory } from '../../../engine/item-memory';
import { listOf } from '../../../../shared/api-answers';
import type { ApiParams, LineItem } from '../../../../shared/api-types';
import { todayIn } from '../../../../shared/dates';
import { PAYMENT_TERMS_DAYS, TERMS_PARAM, type FromEstimateParams } from '../../../resources/invoice/createFromEstimate.operation';
import { nodeVersion } from '../../input/node-version';
import { inputError } from '../../errors/item-errors';
import { checkDueNotBeforeIssue } from '../../input/due-date';
import type { FieldSpec } from '../../input/field-specs';
import { readCollection, readRequired } from '../../input/parameters';
import { readRecordTarget, targetId } from '../../input/record-lookup';
import type { PreSend } from '../../request/pre-send';
import { readApi } from '../../request/read-api';
import { guardedCreateRequest } from './create-guards';
import { isNextNumber, joinSequence, sequencedCreate } from './next-number';
import { keyedParams } from '../keys/rerun-key';

/** The estimate an item invoices, kept from its preSend for its output (and the PUT that marks it accepted). */
export interface SourceEstimate {
	id: string;
	number: string;
	clientId: string;
	accepted: boolean;
}

const sources = new ItemMemory<SourceEstimate>();

export function sourceEstimateOf(ctx: IExecuteSingleFunctions): SourceEstimate | undefined {
	return sources.get(ctx);
}

const CREATE_FROM_ESTIMATE: FromEstimateParams = { estimate: 'fromEstimate', invoiceNo: 'invoiceNo' };

/** What "Invoice Fields" may set instead of the estimate's value, or besides it. */
const OVERRIDES: FieldSpec[] = [
	{ param: 'description', api: 'description', label: 'Description', kind: 'text' },
	{ param: 'currency', api: 'currency', label: 'Currency', kind: 'currency' },
	{ param: 'taxRate', api: 'tax_rate', label: 'Tax Rate (%)', kind: 'number' },
	{ param: 'issueDate', api: 'issue_date', label: 'Issue Date', kind: 'date' },
	{ param: 'dueDate', api: 'due_date', label: 'Due Date', kind: 'date' },
	{ param: 'note', api: 'note', label: 'Note', kind: 'text' },
];

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/**
 * The invoice's description with Next in Sequence when Invoice Fields set none: the estimate it comes from. It is the invoice's link
 * to its estimate (the service has no field for it), so a re-run finds the invoice made from this estimate and
 * never one made from another estimate with the same lines.
 */
export const fromEstimateDescription = (estimateNo: string): string => `Estimate ${estimateNo}`;

/** The day `days` after a YYYY-MM-DD day (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
	const [year, month, date] = day.split('-').map(Number);
	return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

function paymentTerms(ctx: IExecuteSingleFunctions): number {
	const version = nodeVersion(ctx);
	const raw = ctx.getNodeParameter(TERMS_PARAM[version], PAYMENT_TERMS_DAYS[version]) as unknown;
	const days = typeof raw === 'number' ? raw : Number(text(raw));
	if (!Number.isInteger(days) || days < 0) {
		throw inputError(ctx, `"Payment Terms (Days)" must be a whole number of 0 or more, got ${JSON.stringify(raw)}`);
	}
	return days;
}

/** The estimate's line items as an invoice takes them: description, quantity, rate (the service's own text, to the cent). */
function carriedItems(ctx: IExecuteSingleFunctions, estimateNo: string, items: IDataObject[]): LineItem[] {
	if (items.length === 0) {
		throw inputError(ctx, `The estimate "${estimateNo}" has no line items: there is nothing to invoice`, 'Add line items to the estimate first.');
	}
	return items.map((item) => ({ description: text(item.description), quantity: Number(item.quantity), rate: item.rate as number }));
}

/**
 * Create From Estimate: one read of the estimate, then the guarded create of Create Invoice (one read of the
 * client's documents; an identical invoice with this number is this row's, another one is an error naming
 * the difference) with the estimate's client, items, currency, tax rate and note. Dates the node chose itself
 * (today, today plus the terms) are not compared, so a re-run on a later day still finds its invoice. With
 * Next in Sequence the number is the sequence's and the estimate is the key (the invoice's description names it):
 * a re-run with other dates finds the invoice, unless If Estimate Already Invoiced says Create Another; a Re-Run
 * Key, when given, is the key instead (guards/next-number).
 */
export const buildFromEstimate = (params: FromEstimateParams = CREATE_FROM_ESTIMATE): PreSend =>
	async function fromEstimate(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		// joined before any await: the run's numbers go in item order
		const sequence = isNextNumber(this) ? joinSequence(this, options, 'invoice') : undefined;
		try {
			return await invoiceFromEstimate(this, options, sequence, params);
		} finally {
			if (sequence) sequence.sequence.release(sequence.index);
		}
	};

async function invoiceFromEstimate(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	sequence: ReturnType<typeof joinSequence> | undefined,
	given: FromEstimateParams,
): Promise<IHttpRequestOptions> {
	const target = readRecordTarget(ctx, 'estimate', { param: given.estimate, label: 'Estimate' });
	const number = sequence ? {} : readRequired(ctx, [{ param: given.invoiceNo, api: 'invoice_no', label: 'Invoice Number', kind: 'text' }]);
	const overrides = readCollection(ctx, 'invoiceOverrides', OVERRIDES);
	const terms = paymentTerms(ctx);
	const id = await targetId(ctx, options, 'estimate', target);
	const body = await readApi(ctx, options, `/estimate/${encodeURIComponent(id)}`);
	const estimate = listOf(body, 'estimate')[0] ?? {};
	const estimateNo = text(estimate.reference_no ?? estimate.estimate_no);
	const clientId = text(estimate.customer_id);
	if (clientId === '') throw inputError(ctx, `The estimate "${estimateNo || id}" names no client: there is no one to invoice`);
	const carried: ApiParams = {
		currency: text(estimate.currency) || undefined,
		tax_rate: estimate.tax_rate === undefined || estimate.tax_rate === null ? undefined : Number(estimate.tax_rate),
		note: text(estimate.note) || undefined,
	};
	const issue = (overrides.issue_date as string | undefined) ?? todayIn(ctx.getTimezone());
	const params: ApiParams = {
		client: clientId,
		...number,
		payment_status: 'Not Paid',
		...carried,
		// with Next in Sequence the number says nothing of the estimate: the description is the key (given numbers are their own)
		...(sequence ? { description: fromEstimateDescription(estimateNo || id) } : {}),
		...overrides,
		issue_date: issue,
		due_date: (overrides.due_date as string | undefined) ?? addDays(issue, terms),
		items: carriedItems(ctx, estimateNo || id, listOf(body, 'items')),
	};
	checkDueNotBeforeIssue(ctx, params);
	sources.set(ctx, { id, number: estimateNo, clientId, accepted: text(estimate.accepted) === 'True' });
	const compared: ApiParams = { ...params };
	if (overrides.issue_date === undefined) delete compared.issue_date;
	if (overrides.due_date === undefined) delete compared.due_date;
	if (!sequence) return await guardedCreateRequest(ctx, options, 'invoice', params, 'returnIdentical', compared, 'invoiceOverrides');
	const keyed = keyedParams(ctx, params);
	const another = ctx.getNodeParameter('ifEstimateInvoiced', 'returnExisting') === 'createAnother';
	// the estimate is the key when the description names it; Create Another leaves only a Re-Run Key
	const ofEstimate = !another && overrides.description === undefined ? { by: 'estimate' as const, description: String(params.description) } : undefined;
	const way = { compared, orNoDescription: !keyed.key && ofEstimate !== undefined, key: keyed.key ?? ofEstimate, optionsCollection: 'invoiceOverrides' };
	return await sequencedCreate(ctx, options, sequence, keyed.params, another && !keyed.key ? 'create' : 'returnIdentical', way);
}
