import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { toCents } from './fingerprint';
import type { Detection } from './detect';
import type { EmittedEvent } from './events';
import { fetchRecord } from './api';

const eventItem = (event: EmittedEvent, detectedAt: string, record: IDataObject, payment?: IDataObject): INodeExecutionData => ({
	json: { event, detectedAt, ...record, ...(payment ? { payment } : {}) },
});

/** The payments recorded since the last poll: the last ones of the list, adding up to the cents newly paid. */
export function newPayments(record: IDataObject, newlyPaidCents: number): IDataObject[] {
	const payments = Array.isArray(record.payments) ? (record.payments as IDataObject[]) : [];
	const found: IDataObject[] = [];
	let cents = 0;
	for (let index = payments.length - 1; index >= 0 && cents < newlyPaidCents; index -= 1) {
		found.unshift(payments[index]);
		cents += toCents(payments[index].amount);
	}
	return found;
}

/** Items of one record's events, in the order detected. With payments, the one that completed the invoice is "invoicePaid". */
function recordItems(detections: Detection[], record: IDataObject, detectedAt: string): INodeExecutionData[] {
	const payment = detections.find((d) => d.event === 'invoicePayment');
	const becamePaid = detections.some((d) => d.event === 'invoicePaid');
	const items: INodeExecutionData[] = [];
	for (const detection of detections) {
		if (detection.event === 'invoicePaid' && payment) continue;
		if (detection.event !== 'invoicePayment') {
			items.push(eventItem(detection.event, detectedAt, record));
			continue;
		}
		const payments = newPayments(record, detection.newlyPaidCents ?? 0);
		payments.forEach((entry, index) => {
			const completed = becamePaid && index === payments.length - 1;
			items.push(eventItem(completed ? 'invoicePaid' : 'invoicePayment', detectedAt, record, entry));
		});
		if (becamePaid && payments.length === 0) items.push(eventItem('invoicePaid', detectedAt, record));
	}
	return items;
}

/** One item per event: the full record (as the action node's Get returns it) plus `event` and `detectedAt`. */
export async function buildItems(
	ctx: IPollFunctions,
	baseURL: string,
	detections: Detection[],
	detectedAt: string,
): Promise<INodeExecutionData[]> {
	const byRecord = new Map<string, Detection[]>();
	for (const detection of detections) {
		const key = `${detection.resource}/${detection.id}`;
		byRecord.set(key, [...(byRecord.get(key) ?? []), detection]);
	}
	const items: INodeExecutionData[] = [];
	// one record after the other: a poll never bursts the service
	for (const group of byRecord.values()) {
		const record = await fetchRecord(ctx, baseURL, group[0].resource, group[0].id);
		if (record) items.push(...recordItems(group, record, detectedAt));
	}
	return items;
}
