import { NodeOperationError, type INodeExecutionData, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import type { Resource } from '../shared/api-types';
import { fetchRecord } from './api';
import { EVENT_RESOURCE, type EmittedEvent, type TriggerEvent } from './events';
import { isAccepted, isOverdue, isPaid, toCents } from './fingerprint';
import { passesFilters, type TriggerFilters } from './filters';

interface Candidate {
	event: EmittedEvent;
	resource: Resource;
	record: IDataObject;
	/** created_at where the list has it (estimate lists do not), then the position in the list. */
	order: [string, number];
}

/** Whether a listed record shows the event now, and as which emitted event. */
function showsEvent(event: TriggerEvent, record: IDataObject, today: string, everyPayment: boolean): EmittedEvent | undefined {
	switch (event) {
		case 'invoicePaid':
			if (isPaid(record)) return 'invoicePaid';
			return everyPayment && toCents(record.amount_paid) > 0 ? 'invoicePayment' : undefined;
		case 'invoiceOverdue':
			return isOverdue(record, today) ? event : undefined;
		case 'estimateAccepted':
			return isAccepted(record) ? event : undefined;
		default:
			return event;
	}
}

const newer = (a: Candidate, b: Candidate) => (a.order[0] !== b.order[0] ? a.order[0] > b.order[0] : a.order[1] > b.order[1]);

/**
 * "Fetch Test Event": the newest record that matches a chosen event and the filters, so the user can map its
 * fields. It reads the lists only and leaves the trigger's state alone.
 */
export async function testEvent(
	ctx: IPollFunctions,
	baseURL: string,
	lists: Partial<Record<Resource, IDataObject[]>>,
	options: { events: TriggerEvent[]; filters: TriggerFilters; today: string; everyPayment: boolean; detectedAt: string },
): Promise<INodeExecutionData[]> {
	let newest: Candidate | undefined;
	for (const event of options.events) {
		const resource = EVENT_RESOURCE[event];
		(lists[resource] ?? []).forEach((record, index) => {
			const shown = showsEvent(event, record, options.today, options.everyPayment);
			if (!shown || !passesFilters(resource, record, options.filters)) return;
			const candidate: Candidate = { event: shown, resource, record, order: [String(record.created_at ?? ''), index] };
			if (!newest || newer(candidate, newest)) newest = candidate;
		});
	}
	if (!newest) {
		throw new NodeOperationError(ctx.getNode(), 'No record in the service matches the chosen events and filters yet', {
			description: 'Create a matching record in the service (or loosen the filters), then fetch the test event again.',
		});
	}
	const record = (await fetchRecord(ctx, baseURL, newest.resource, String(newest.record.id))) ?? newest.record;
	const payments = Array.isArray(record.payments) ? (record.payments as IDataObject[]) : [];
	const withPayment = options.everyPayment && (newest.event === 'invoicePaid' || newest.event === 'invoicePayment');
	const payment = withPayment ? payments.at(-1) : undefined;
	return [{ json: { event: newest.event, detectedAt: options.detectedAt, ...record, ...(payment ? { payment } : {}) } }];
}
