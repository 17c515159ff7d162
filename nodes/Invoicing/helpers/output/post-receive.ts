import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { isApiSuccess } from '../../../shared/api-errors';
import { listOf, recordFromAnswer as fromAnswer, withNumberNames } from '../../../shared/api-answers';
import type { ApiEnvelope, Resource } from '../../../shared/api-types';
import { todayIn } from '../../../shared/dates';
import { apiFailure, inputError } from '../errors/item-errors';
import { refusedForTwin, settleAction } from '../guards/after/after-action';
import { convergeAfterCreate, TWIN_KEY, type TwinHandoff } from '../guards/after/after-create';
import { lookAfterNumberedWrite } from '../guards/after/number-check';
import { statusNotAppliedKeys } from '../guards/writes/update-values';
import { sendTargetOf } from '../guards/writes/send-address';
import { describeRecord, differences, type GuardedResource } from '../guards/keys/matching';
import { decisionOf, settleWrite } from '../guards/path/write-guards';
import { withLookalikeHint } from '../input/id-lookalike';
import { listFiltersOf, recordIdOf } from '../input/record-lookup';
import { HeldRefusal, settleRoutedAnswer } from '../request/rate-limit';
import { earlierRead, readAfterWrite } from '../request/read-api';
import { settleRouted } from '../request/routed-marks';
import { existingReason, writeItem } from './action-reason';
import { rememberMade } from './made-here';
import { endsRow } from './row-end';
import { rowKeyFields } from './row-key-fields';
import { applyFilters } from './list-filters';
import { SPEC_OF } from '../../resources/resources';
import { amountsAsNumbers, completeRecord, createdAsRead, everyAmountAsNumber, relatedLists } from './record-shape';
import { nodeVersion } from '../input/node-version';
import { SIMPLE_FIELDS, simplifyRecord } from './simplify';

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
	const held = settleRoutedAnswer(this, response);
	const decision = decisionOf(this);
	settleRouted(this, response, decision?.kind === 'create' ? createdAsRead(decision.resource, envelopeOf(response)) : undefined);
	if (!held && decision?.kind === 'create' && isApiSuccess(response.statusCode, response.body)) {
		rememberMade(this, decision.resource, recordFromAnswer(decision.resource, envelopeOf(response)));
	}
	settleWrite(this, response);
	if (held) throw new HeldRefusal(() => apiFailure(this, response.statusCode, response.body));
	if (!isApiSuccess(response.statusCode, response.body) && !(await refusedForTwin(this, response))) {
		// a 404 of a By ID value shaped like a number or e-mail: the hint says so when a record has that key
		throw await withLookalikeHint(this, undefined, apiFailure(this, response.statusCode, response.body));
	}
	return items;
}

function envelopeOf(response: IN8nHttpFullResponse): ApiEnvelope {
	return response.body as ApiEnvelope;
}

const recordFromAnswer = (resource: Resource, body: ApiEnvelope) => fromAnswer(SPEC_OF, resource, body);

const toItems = (records: IDataObject[]): INodeExecutionData[] => records.map((json) => ({ json }));

/** Simplify (Get and Get Many of the resources whose spec has simple fields): on unless switched off. */
function wantsSimple(ctx: IExecuteSingleFunctions, resource: Resource): boolean {
	return SIMPLE_FIELDS[resource] !== undefined && ctx.getNodeParameter('simplify', true) === true;
}

/**
 * Version 2: every amount a number. Version 1: amounts as numbers when "Amounts as Numbers" is on (off, and where
 * the node has no such option: the service's text).
 */
function amountsAsAsked(ctx: IExecuteSingleFunctions, resource: Resource, record: IDataObject): IDataObject {
	if (nodeVersion(ctx) >= 2) return everyAmountAsNumber(resource, record);
	return ctx.getNodeParameter('amountsAsNumbers', false) === true ? amountsAsNumbers(resource, record) : record;
}

/** Get and Get Many: the simple form when Simplify is on; amounts as numbers when asked (off: the service's text). */
function asOutput(ctx: IExecuteSingleFunctions, resource: Resource, record: IDataObject): IDataObject {
	return amountsAsAsked(ctx, resource, wantsSimple(ctx, resource) ? simplifyRecord(resource, record) : record);
}

/** Get Many: one item per record, then the node's filters, then Return All / Limit. */
export function shapeList(resource: Resource): PostReceive {
	return async function listRecords(this: IExecuteSingleFunctions, _items, response) {
		let records = listOf(envelopeOf(response), 'data');
		const numberNames = SPEC_OF[resource].numberNames;
		if (numberNames) records = records.map((record) => withNumberNames(record, numberNames));
		const timeZone = this.getTimezone();
		const filters = listFiltersOf(this);
		records = applyFilters(resource, records, { filters, timeZone, today: todayIn(timeZone) });
		if (!this.getNodeParameter('returnAll', false)) {
			records = records.slice(0, this.getNodeParameter('limit', 50) as number);
		}
		records = records.map((record) => asOutput(this, resource, record));
		return toItems(records);
	};
}

/** Create of a record without a duplicate guard (expenses): the record, as Get gives it. */
export function shapeRecord(resource: Resource): PostReceive {
	return async function singleRecord(this: IExecuteSingleFunctions, _items, response) {
		return toItems([amountsAsAsked(this, resource, completeRecord(resource, recordFromAnswer(resource, envelopeOf(response))))]);
	};
}

/**
 * A record the service changed: its answer has the record and its items, not the lists Get adds (payments,
 * send log; a client's invoices and estimates). Those are taken from the read the update made first (to
 * fill required fields), else read once after the write: one GET.
 */
async function updatedRecord(ctx: IExecuteSingleFunctions, resource: Resource, answer: ApiEnvelope): Promise<IDataObject> {
	const record = recordFromAnswer(resource, answer);
	if (relatedLists(resource).length === 0) return completeRecord(resource, record);
	const url = `/${resource}/${encodeURIComponent(String(record.id))}`;
	const related = earlierRead(ctx, url) ?? (await readAfterWrite(ctx, url));
	return completeRecord(resource, record, related);
}

/** Update: the record as Get gives it (same keys; Get lacks only the service's timestamps). */
export function shapeUpdated(resource: Resource): PostReceive {
	return async function changedRecord(this: IExecuteSingleFunctions, _items, response) {
		return toItems([amountsAsAsked(this, resource, await updatedRecord(this, resource, envelopeOf(response)))]);
	};
}

/** Get: the full record, or its simple form when Simplify is on. */
export function shapeFetched(resource: Resource): PostReceive {
	return async function fetchedRecord(this: IExecuteSingleFunctions, _items, response) {
		const record = completeRecord(resource, recordFromAnswer(resource, envelopeOf(response)));
		return toItems([asOutput(this, resource, record)]);
	};
}

/**
 * Guarded create and Create or Update: the record with `action` "created", "updated" or "existing".
 * An existing record is returned only when it holds what this create would have sent.
 */
export const shapeWrite = (resource: GuardedResource): PostReceive => endsRow(writeShape(resource));

function writeShape(resource: GuardedResource): PostReceive {
	return async function writtenRecord(this: IExecuteSingleFunctions, _items, response) {
		let decision = decisionOf(this);
		let answer = envelopeOf(response);
		let handoff: TwinHandoff | undefined;
		if (decision?.kind === 'create') {
			const converged = await convergeAfterCreate(this, resource, decision, answer);
			if (converged.kind === 'twinUpdated') {
				// Create or Update: the row's values went onto the record that stays, as an update
				const json = await updatedRecord(this, resource, converged.answer);
				const notes = converged.notApplied ? statusNotAppliedKeys(converged.notApplied) : {};
				return [{ json: { ...writeItem('updated', undefined, amountsAsAsked(this, resource, json)), ...notes, [TWIN_KEY]: converged.handoff } }];
			}
			if (converged.kind === 'twin') {
				handoff = converged.handoff;
				answer = converged.kept;
				decision = { kind: 'existing', wanted: decision.wanted ?? {}, resource };
			}
		}
		// created: no payments or send log yet; existing: read by Get, complete; updated: as Update
		const item = {
			json: decision?.kind === 'update' ? await updatedRecord(this, resource, envelopeOf(response)) : completeRecord(resource, recordFromAnswer(resource, answer)),
		};
		if (decision?.kind === 'existing') {
			const different = differences(resource, decision.wanted, item.json);
			if (different.length > 0) {
				throw inputError(
					this,
					`The ${resource} ${describeRecord(resource, item.json)} already exists with other values (${different.join(', ')}): not created again`,
					'Use "Create or Update" to change it, or set "If Already Exists" to "Create Anyway" to add a second one.',
				);
			}
		}
		// a number of the sequence that another run took at the same moment is given again
		if (decision?.kind === 'create') item.json = await lookAfterNumberedWrite(this, resource, item.json);
		const action = decision?.kind === 'update' ? 'updated' : decision?.kind === 'existing' ? 'existing' : 'created';
		const kept = decision?.kind === 'update' ? (decision.notes ?? {}) : {};
		const reason = action === 'existing' ? existingReason(this, resource, item.json, handoff !== undefined) : undefined;
		const keyFields = rowKeyFields(this, action);
		return [{ json: { ...writeItem(action, reason, amountsAsAsked(this, resource, item.json)), ...keyFields, ...kept, ...(handoff ? { [TWIN_KEY]: handoff } : {}) } }];
	};
}

/**
 * Send, mark, record payment: `{ success: true, id, message }` (a guard's skip adds `skipped: true` and says
 * why), then the record's state after it: the simplified record (status, amounts as numbers) with its
 * payments and send log. The service answers these with a message only, so the state is read once after
 * the write (one GET); a skip has read the record already. Send adds the address and where it came from.
 */
export function shapeAction(resource: GuardedResource): PostReceive {
	return async function actionResult(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		const decision = decisionOf(this);
		const skipped = decision?.kind === 'skip';
		const id = recordIdOf(this, resource);
		const result: IDataObject = skipped
			? { success: true, id, skipped: true, message: decision.message }
			: { success: true, id, ...(typeof body.message === 'string' ? { message: body.message } : {}) };
		const target = sendTargetOf(this);
		if (target) Object.assign(result, { email: target.email, email_source: target.source });
		const { answer, twinReport } = await settleAction(this, resource, id, decision, body);
		const record = completeRecord(resource, recordFromAnswer(resource, answer));
		// new keys of this output: amounts as numbers, to compare in an IF
		const state: IDataObject = amountsAsNumbers(resource, simplifyRecord(resource, record));
		for (const list of relatedLists(resource)) state[list] = record[list];
		const shown = nodeVersion(this) >= 2 ? everyAmountAsNumber(resource, state) : state;
		return toItems([{ ...result, ...shown, id, ...(twinReport ? { twin_report: `${twinReport} (the other execution, fed an existing record, reports it as an error)` } : {}) }]);
	};
}

/** Delete: `{ deleted: true, id }`, as n8n's guidelines have it. */
export function shapeDeleted(resource: Resource): PostReceive {
	return async function deletedRecord(this: IExecuteSingleFunctions, _items, response) {
		const body = envelopeOf(response);
		const id = typeof body.id === 'string' ? body.id : recordIdOf(this, resource);
		return toItems([{ deleted: true, id }]);
	};
}
