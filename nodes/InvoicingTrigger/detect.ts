import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../shared/api-types';
import { SPEC_OF } from '../Invoicing/resources/resources';
import type { TriggerSpec } from '../Invoicing/resources/types';
import type { EmittedEvent } from './events';
import { decodeInvoiceMark, encodeInvoiceMark, isAccepted, isOverdue, isPaid, toCents, type InvoiceMark } from './fingerprint';
import type { SeenRecords } from './state';

/** Something that happened to one record between two polls. */
export interface Detection {
	event: EmittedEvent;
	resource: Resource;
	id: string;
	/** The record as the list showed it (filters are applied to it). */
	listed: IDataObject;
	/** For invoicePayment: the cents paid since the last poll. */
	newlyPaidCents?: number;
}

export interface Comparison {
	detections: Detection[];
	/** The state to keep: exactly the records of this list. */
	seen: SeenRecords;
}

export const recordId = (record: IDataObject): string => String(record.id);

function paymentChanges(
	trigger: TriggerSpec,
	listed: IDataObject,
	before: InvoiceMark | undefined,
	today: string,
	baseline: boolean,
): { mark: InvoiceMark; events: Array<Omit<Detection, 'resource' | 'id' | 'listed'>> } {
	const paid = isPaid(listed);
	const paidCents = toCents(listed.amount_paid);
	const overdue = isOverdue(listed, today);
	// being seen paid clears the report, so an invoice that is unpaid again and overdue again is reported again
	const reportedBefore = paid ? false : (before?.overdueReported ?? false);
	const mark: InvoiceMark = { paid, paidCents, overdueReported: reportedBefore || overdue };
	if (baseline) return { mark, events: [] };
	const events: Array<Omit<Detection, 'resource' | 'id' | 'listed'>> = [];
	if (!before) events.push({ event: trigger.created });
	const previouslyPaidCents = before?.paidCents ?? 0;
	if (paidCents > previouslyPaidCents) events.push({ event: 'invoicePayment', newlyPaidCents: paidCents - previouslyPaidCents });
	if (paid && !before?.paid && trigger.paid) events.push({ event: trigger.paid });
	if (overdue && !reportedBefore && trigger.overdue) events.push({ event: trigger.overdue });
	return { mark, events };
}

/**
 * Compares a resource's latest list with what the last poll kept. Without a previous state (`before` undefined)
 * this is the baseline: everything is recorded, nothing is reported, and invoices already overdue count as reported.
 * New records report their current state too (an invoice created paid is "paid", an estimate created accepted
 * is "accepted").
 */
export function compareList(resource: Resource, before: SeenRecords | undefined, records: IDataObject[], today: string): Comparison {
	const { trigger } = SPEC_OF[resource];
	const baseline = before === undefined;
	const seen: SeenRecords = {};
	const detections: Detection[] = [];
	for (const listed of records) {
		const id = recordId(listed);
		const previous = before?.[id];
		const isNew = !baseline && previous === undefined;
		const report = (event: EmittedEvent, extra: Partial<Detection> = {}) => detections.push({ event, resource, id, listed, ...extra });
		if (trigger.paid) {
			// what is watched is the payment status (a fingerprint of status, amount paid and overdue report)
			const mark = previous === undefined ? undefined : decodeInvoiceMark(previous);
			// an unreadable fingerprint is re-recorded without reporting: better silent once than a duplicate
			const unreadable = previous !== undefined && mark === undefined;
			const { mark: next, events } = paymentChanges(trigger, listed, mark, today, baseline || unreadable);
			seen[id] = encodeInvoiceMark(next);
			for (const { event, ...extra } of events) report(event, extra);
			continue;
		}
		seen[id] = trigger.accepted ? (isAccepted(listed) ? 'T' : 'F') : '';
		if (isNew) report(trigger.created);
		if (trigger.accepted && !baseline && isAccepted(listed) && previous !== 'T') report(trigger.accepted);
	}
	return { detections, seen };
}
