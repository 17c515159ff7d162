import type { Resource } from '../shared/api-types';

/** What a user can choose to be triggered on. */
export type TriggerEvent =
	| 'newClient'
	| 'newExpense'
	| 'newInvoice'
	| 'newEstimate'
	| 'invoicePaid'
	| 'invoiceOverdue'
	| 'estimateAccepted';

/** What an output item says happened: the chosen events, plus each recorded payment ("Also on Every Payment"). */
export type EmittedEvent = TriggerEvent | 'invoicePayment';

export const EVENT_RESOURCE: Record<TriggerEvent, Resource> = {
	newClient: 'client',
	newExpense: 'expense',
	newInvoice: 'invoice',
	newEstimate: 'estimate',
	invoicePaid: 'invoice',
	invoiceOverdue: 'invoice',
	estimateAccepted: 'estimate',
};

export const TRIGGER_EVENTS = Object.keys(EVENT_RESOURCE) as TriggerEvent[];

/** The order lists are fetched and events emitted in. */
export const RESOURCE_ORDER: Resource[] = ['client', 'expense', 'invoice', 'estimate'];

export function isTriggerEvent(value: unknown): value is TriggerEvent {
	return typeof value === 'string' && value in EVENT_RESOURCE;
}
