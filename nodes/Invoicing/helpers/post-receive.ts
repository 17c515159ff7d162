import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { ACCEPTED_DATE_FORMS, todayIn } from './dates';
import { apiFailure, fieldError, isApiSuccess } from './errors';
import { applyFilters, unreadableFilterDate } from './filters';
import { readRecordId } from './parameters';
import { RECORD_ID } from './pre-send';
import type { ApiEnvelope, Resource } from './types';

export type PostReceive = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** Every failure (non-2xx, or a 200 whose status is not "success") becomes one NodeApiError. */
export async function handleApiErrors(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (!isApiSuccess(response.statusCode, response.body)) throw apiFailure(this, response.statusCode, response.body);
	return items;
}

function envelopeOf(response: IN8nHttpFullResponse): ApiEnvelope {
	return response.body as ApiEnvelope;
}

function list(body: ApiEnvelope, key: string): IDataObject[] {
	const value = body[key];
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/** Estimates carry their number under both names, whichever the endpoint used. */
function withBothEstimateNumbers(estimate: IDataObject): IDataObject {
	const number = estimate.reference_no ?? estimate.estimate_no;
	return { ...estimate, estimate_no: number, reference_no: number };
}

const toItems = (records: IDataObject[]): INodeExecutionData[] => records.map((json) => ({ json }));

/** Get Many: one item per record, then the node's filters, then Return All / Limit. */
export function shapeList(resource: Resource): PostReceive {
	return async function listRecords(this: IExecuteSingleFunctions, _items, response) {
		let records = list(envelopeOf(response), 'data');
		if (resource === 'estimate') records = records.map(withBothEstimateNumbers);
		const timeZone = this.getTimezone();
		const filters = this.getNodeParameter('filters', {}) as IDataObject;
		const unreadable = unreadableFilterDate(filters, timeZone);
		if (unreadable) {
			throw fieldError(
				this,
				unreadable.label,
				`must be an unambiguous date, got ${JSON.stringify(unreadable.value)}: give YYYY-MM-DD or an ISO date and time`,
				`Accepted: ${ACCEPTED_DATE_FORMS}.`,
			);
		}
		records = applyFilters(resource, records, { filters, timeZone, today: todayIn(timeZone) });
		if (!this.getNodeParameter('returnAll', false)) {
			records = records.slice(0, this.getNodeParameter('limit', 50) as number);
		}
		return toItems(records);
	};
}

/** Get, create, update: the record with its related lists, envelope removed. */
export function shapeRecord(resource: Resource): PostReceive {
	return async function singleRecord(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		switch (resource) {
			case 'client': {
				const client = list(body, 'data')[0] ?? {};
				const related = 'invoices' in body ? { invoices: list(body, 'invoices'), estimates: list(body, 'estimates').map(withBothEstimateNumbers) } : {};
				return toItems([{ ...client, ...related }]);
			}
			case 'expense':
				return toItems([list(body, 'expense')[0] ?? {}]);
			case 'invoice': {
				const related = 'payments' in body ? { payments: list(body, 'payments'), send_log: list(body, 'send_log') } : {};
				return toItems([{ ...(list(body, 'invoice')[0] ?? {}), items: list(body, 'items'), ...related }]);
			}
			case 'estimate': {
				const related = 'send_log' in body ? { send_log: list(body, 'send_log') } : {};
				return toItems([{ ...withBothEstimateNumbers(list(body, 'estimate')[0] ?? {}), items: list(body, 'items'), ...related }]);
			}
		}
	};
}

/** Delete, send, mark, record payment: `{ success: true, id, message? }`. */
export function shapeAction(resource: Resource): PostReceive {
	return async function actionResult(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		const id = typeof body.id === 'string' ? body.id : readRecordId(this, RECORD_ID[resource].param, RECORD_ID[resource].label);
		return toItems([{ success: true, id, ...(typeof body.message === 'string' ? { message: body.message } : {}) }]);
	};
}
