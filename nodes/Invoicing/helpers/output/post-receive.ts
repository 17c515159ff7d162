import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { isApiSuccess } from '../../../shared/api-errors';
import { listOf, recordFromAnswer, withBothEstimateNumbers } from '../../../shared/api-answers';
import type { ApiEnvelope, Resource } from '../../../shared/api-types';
import { ACCEPTED_DATE_FORMS, todayIn } from '../../../shared/dates';
import { apiFailure, fieldError, inputError } from '../errors/item-errors';
import { describeRecord, differences, type GuardedResource } from '../guards/matching';
import { decisionOf, settleWrite } from '../guards/write-guards';
import { RECORD_ID } from '../input/field-specs';
import { readRecordId } from '../input/parameters';
import { applyFilters, unreadableFilterDate } from './list-filters';
import { simplifyRecord, SIMPLE_FIELDS } from './simplify';

export type PostReceive = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/**
 * Every failure (non-2xx, or a 200 whose status is not "success") becomes one NodeApiError. Runs first
 * for every answer, so it also ends the item's turn on its key (see write-guards).
 */
export async function handleApiErrors(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	settleWrite(this, response);
	if (!isApiSuccess(response.statusCode, response.body)) throw apiFailure(this, response.statusCode, response.body);
	return items;
}

function envelopeOf(response: IN8nHttpFullResponse): ApiEnvelope {
	return response.body as ApiEnvelope;
}

const toItems = (records: IDataObject[]): INodeExecutionData[] => records.map((json) => ({ json }));

/** Simplify (Get and Get Many of the resources whose spec has simple fields): on unless switched off. */
function wantsSimple(ctx: IExecuteSingleFunctions, resource: Resource): boolean {
	return SIMPLE_FIELDS[resource] !== undefined && ctx.getNodeParameter('simplify', true) === true;
}

/** Get Many: one item per record, then the node's filters, then Return All / Limit. */
export function shapeList(resource: Resource): PostReceive {
	return async function listRecords(this: IExecuteSingleFunctions, _items, response) {
		let records = listOf(envelopeOf(response), 'data');
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
		if (wantsSimple(this, resource)) records = records.map((record) => simplifyRecord(resource, record));
		return toItems(records);
	};
}

/** Get, create, update: the record with its related lists, envelope removed. */
export function shapeRecord(resource: Resource): PostReceive {
	return async function singleRecord(this: IExecuteSingleFunctions, _items, response) {
		return toItems([recordFromAnswer(resource, envelopeOf(response))]);
	};
}

/** Get: the full record, or its simple form when Simplify is on. */
export function shapeFetched(resource: Resource): PostReceive {
	return async function fetchedRecord(this: IExecuteSingleFunctions, _items, response) {
		const record = recordFromAnswer(resource, envelopeOf(response));
		return toItems([wantsSimple(this, resource) ? simplifyRecord(resource, record) : record]);
	};
}

/**
 * Guarded create and Create or Update: the record with `action` "created", "updated" or "existing".
 * An existing record is returned only when it holds what this create would have sent.
 */
export function shapeWrite(resource: GuardedResource): PostReceive {
	const shape = shapeRecord(resource);
	return async function writtenRecord(this: IExecuteSingleFunctions, items, response) {
		const [item] = await shape.call(this, items, response);
		const decision = decisionOf(this);
		if (decision?.kind === 'existing') {
			const different = differences(decision.wanted, item.json);
			if (different.length > 0) {
				throw inputError(
					this,
					`The ${resource} ${describeRecord(resource, item.json)} already exists with other values (${different.join(', ')}): not created again`,
					'Use "Create or Update" to change it, or set "If Already Exists" to "Create Anyway" to add a second one.',
				);
			}
		}
		const action = decision?.kind === 'update' ? 'updated' : decision?.kind === 'existing' ? 'existing' : 'created';
		return [{ json: { ...item.json, action } }];
	};
}

/** Send, mark, record payment: `{ success: true, id, message? }`; a guard's skip adds `skipped: true`. */
export function shapeAction(resource: Resource): PostReceive {
	return async function actionResult(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		const id = typeof body.id === 'string' ? body.id : readRecordId(this, RECORD_ID[resource].param, RECORD_ID[resource].label);
		const decision = decisionOf(this);
		if (decision?.kind === 'skip') return toItems([{ success: true, id, skipped: true, message: decision.message }]);
		return toItems([{ success: true, id, ...(typeof body.message === 'string' ? { message: body.message } : {}) }]);
	};
}

/** Delete: `{ deleted: true, id }`, as n8n's guidelines have it. */
export function shapeDeleted(resource: Resource): PostReceive {
	return async function deletedRecord(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		const id = typeof body.id === 'string' ? body.id : readRecordId(this, RECORD_ID[resource].param, RECORD_ID[resource].label);
		return toItems([{ deleted: true, id }]);
	};
}
