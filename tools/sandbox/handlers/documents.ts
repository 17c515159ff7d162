import type { Clock } from '../clock';
import type { Store } from '../store';
import type { CustomerSnapshot, DocumentBase, LineItem, Params } from '../types';
import {
	clearableText,
	optionalCurrency,
	optionalDate,
	optionalItems,
	optionalNumber,
	optionalText,
	requiredEmail,
	requiredItems,
	requiredText,
	checkDueNotBeforeIssue,
} from '../validate';

/** Fields invoices and estimates share, read from create/update parameters. */
export interface DocumentInput {
	customer: CustomerSnapshot;
	description?: string;
	currency?: string;
	tax_rate?: number;
	issue_date?: string;
	due_date?: string;
	note?: string;
	items?: LineItem[];
}

function customerOf(store: Store, clientId: string): CustomerSnapshot {
	const client = store.get('clients', clientId);
	return {
		customer_id: client.id,
		customer_name: client.names,
		customer_phone: client.phone,
		customer_address: client.address,
	};
}

export function readDocument(store: Store, params: Params, itemsRequired: boolean): DocumentInput {
	const clientId = requiredText(params, 'client');
	const fields = {
		description: clearableText(params, 'description'),
		currency: optionalCurrency(params),
		tax_rate: optionalNumber(params, 'tax_rate'),
		issue_date: optionalDate(params, 'issue_date'),
		due_date: optionalDate(params, 'due_date'),
		note: clearableText(params, 'note'),
		items: itemsRequired ? requiredItems(params) : optionalItems(params),
	};
	// bad input (400) is reported before an unknown client (404)
	return { customer: customerOf(store, clientId), ...fields };
}

const DEFAULT_CURRENCY = 'USD';

/** Fields of a new document; omitted optional fields get the service's defaults. */
export function newDocumentFields(input: DocumentInput, clock: Clock) {
	const now = clock.timestamp();
	const issueDate = input.issue_date ?? clock.today();
	const dueDate = input.due_date ?? issueDate;
	checkDueNotBeforeIssue(issueDate, dueDate);
	return {
		...input.customer,
		description: input.description ?? '',
		currency: input.currency ?? DEFAULT_CURRENCY,
		tax_rate: input.tax_rate ?? 0,
		issue_date: issueDate,
		due_date: dueDate,
		note: input.note ?? '',
		items: input.items ?? [],
		send_log: [],
		created_at: now,
		updated_at: now,
	};
}

/** Applies an update: omitted optional fields keep their values; items, when given, replace all items. */
export function applyDocumentUpdate(doc: DocumentBase, input: DocumentInput, clock: Clock): void {
	// an omitted date keeps its stored value, so the pair is checked as it will be stored, before anything changes
	checkDueNotBeforeIssue(input.issue_date ?? doc.issue_date, input.due_date ?? doc.due_date);
	Object.assign(doc, input.customer);
	doc.description = input.description ?? doc.description;
	doc.currency = input.currency ?? doc.currency;
	doc.tax_rate = input.tax_rate ?? doc.tax_rate;
	doc.issue_date = input.issue_date ?? doc.issue_date;
	doc.due_date = input.due_date ?? doc.due_date;
	doc.note = input.note ?? doc.note;
	doc.items = input.items ?? doc.items;
	doc.updated_at = clock.timestamp();
}

/** Send: appends the address to the send log. The e-mail parameter is `email`; `phone` is optional. */
export function recordSend(doc: DocumentBase, params: Params, clock: Clock): void {
	const email = requiredEmail(params, 'email');
	optionalText(params, 'phone');
	doc.send_log.push({ email, date: clock.timestamp() });
}
