import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { todayIn } from './dates';
import { apiFailure, isApiSuccess } from './errors';
import { applyFilters } from './filters';
import { readRecordId } from './parameters';
import { RECORD_ID } from './pre-send';
import { listOf, recordFromAnswer, withBothEstimateNumbers } from './records';
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

const toItems = (records: IDataObject[]): INodeExecutionData[] => records.map((json) => ({ json }));

/** Get Many: one item per record, then the node's filters, then Return All / Limit. */
export function shapeList(resource: Resource): PostReceive {
	return async function listRecords(this: IExecuteSingleFunctions, _items, response) {
		let records = listOf(envelopeOf(response), 'data');
		if (resource === 'estimate') records = records.map(withBothEstimateNumbers);
		const timeZone = this.getTimezone();
		const filters = this.getNodeParameter('filters', {}) as IDataObject;
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
		return toItems([recordFromAnswer(resource, envelopeOf(response))]);
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
