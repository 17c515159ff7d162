import type { IDataObject } from 'n8n-workflow';

import { toApiDate } from '../../../shared/dates';
import type { Resource } from '../../../shared/api-types';

export interface FilterContext {
	filters: IDataObject;
	timeZone: string;
	/** Today in the workflow's time zone, YYYY-MM-DD. */
	today: string;
}

type Predicate = (record: IDataObject) => boolean;

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const contains = (haystack: unknown, needle: string) => text(haystack).toLowerCase().includes(needle.toLowerCase());

function idOf(value: unknown): string {
	if (typeof value === 'object' && value !== null && 'value' in value) return text((value as IDataObject).value).trim();
	return text(value).trim();
}

const DATE_FILTERS: Record<string, string> = {
	issueDateFrom: 'Issued After',
	issueDateTo: 'Issued Before',
	dueDateFrom: 'Due After',
	dueDateTo: 'Due Before',
};

/**
 * The first date filter in none of the accepted forms, with its label: it must be refused, never left out
 * (that would silently widen the list).
 */
export function unreadableFilterDate(filters: IDataObject, timeZone: string): { label: string; value: unknown } | undefined {
	const name = Object.keys(DATE_FILTERS).find((key) => toApiDate(filters[key], timeZone) === null);
	return name === undefined ? undefined : { label: DATE_FILTERS[name], value: filters[name] };
}

/** Keeps records whose `field` date lies within [from, to] (either end may be open; unreadable ends are refused before). */
function dateRange(field: string, from: unknown, to: unknown, timeZone: string): Predicate[] {
	const start = toApiDate(from, timeZone);
	const end = toApiDate(to, timeZone);
	const checks: Predicate[] = [];
	if (start) checks.push((r) => text(r[field]) >= start);
	if (end) checks.push((r) => text(r[field]) <= end);
	return checks;
}

function predicates(resource: Resource, { filters: f, timeZone, today }: FilterContext): Predicate[] {
	const checks: Predicate[] = [];
	const set = (name: string) => f[name] !== undefined && f[name] !== '' && f[name] !== null;
	switch (resource) {
		case 'client':
			if (set('search')) checks.push((r) => contains(r.names, text(f.search)) || contains(r.email, text(f.search)));
			if (set('email')) checks.push((r) => text(r.email).trim().toLowerCase() === text(f.email).trim().toLowerCase());
			break;
		case 'expense':
			checks.push(...dateRange('issued_date', f.issueDateFrom, f.issueDateTo, timeZone));
			if (set('currency')) checks.push((r) => text(r.currency).toUpperCase() === text(f.currency).trim().toUpperCase());
			if (set('vendor')) checks.push((r) => contains(r.vendor, text(f.vendor).trim()));
			break;
		case 'invoice':
			if (set('paymentStatus')) checks.push((r) => r.payment_status === f.paymentStatus);
			if (set('invoiceNo')) checks.push((r) => text(r.invoice_no).trim() === text(f.invoiceNo).trim());
			if (set('client') && idOf(f.client)) checks.push((r) => text(r.customer_id) === idOf(f.client));
			checks.push(...dateRange('issue_date', f.issueDateFrom, f.issueDateTo, timeZone));
			checks.push(...dateRange('due_date', f.dueDateFrom, f.dueDateTo, timeZone));
			if (f.overdueOnly === true) {
				checks.push((r) => r.payment_status === 'Not Paid' && text(r.due_date) !== '' && text(r.due_date) < today);
			}
			break;
		case 'estimate':
			if (set('accepted')) checks.push((r) => r.accepted === f.accepted);
			if (set('estimateNo')) checks.push((r) => text(r.reference_no ?? r.estimate_no).trim() === text(f.estimateNo).trim());
			if (set('client') && idOf(f.client)) checks.push((r) => text(r.customer_id) === idOf(f.client));
			break;
	}
	return checks;
}

/** The filters the API lacks, applied to the one list it returns. */
export function applyFilters(resource: Resource, records: IDataObject[], context: FilterContext): IDataObject[] {
	const checks = predicates(resource, context);
	return checks.length === 0 ? records : records.filter((record) => checks.every((check) => check(record)));
}
