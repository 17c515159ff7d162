import { NodeOperationError, type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import { credentialBaseUrl } from '../shared/api-request';
import { todayIn } from '../shared/dates';
import type { Resource } from '../shared/api-types';
import { CLIENT_RESOURCE } from '../Invoicing/resources/common-fields';
import { fetchList } from './api';
import { compareList, type Detection } from './detect';
import { EVENT_RESOURCE, isTriggerEvent, RESOURCE_ORDER, type TriggerEvent } from './events';
import { passesFilters, readFilters, withClientIds } from './filters';
import { buildItems } from './items';
import { readState, writeState, type TriggerState } from './state';
import { testEvent } from './test-event';

function readEvents(ctx: IPollFunctions): TriggerEvent[] {
	const chosen = ctx.getNodeParameter('events', []) as unknown[];
	const events = (Array.isArray(chosen) ? chosen : []).filter(isTriggerEvent);
	if (events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No event chosen: choose at least one under "Trigger On"');
	}
	return events;
}

function wanted(detection: Detection, events: TriggerEvent[], everyPayment: boolean): boolean {
	if (detection.event === 'invoicePayment') return everyPayment && events.includes('invoicePaid');
	return events.includes(detection.event);
}

/**
 * One poll: read the lists the chosen events need, compare them with the state of the last poll, and emit one item
 * per event. The state is written only after every request succeeded, so a failed poll loses nothing.
 */
export async function pollInvoicing(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const events = readEvents(ctx);
	const everyPayment = events.includes('invoicePaid') && (ctx.getNodeParameter('alsoOnEveryPayment', false) as boolean);
	const read = readFilters(ctx);
	const baseURL = await credentialBaseUrl(ctx);
	const today = todayIn(ctx.getTimezone());
	const detectedAt = new Date().toISOString();

	const resources = RESOURCE_ORDER.filter((resource) => events.some((event) => EVENT_RESOURCE[event] === resource));
	const lists: Partial<Record<Resource, IDataObject[]>> = {};
	for (const resource of resources) lists[resource] = await fetchList(ctx, baseURL, resource);
	// the Client filter By E-mail: the clients with it in this poll's client list (read for it when no event needs it)
	const filters = read.clientEmail === undefined ? read : withClientIds(read, lists[CLIENT_RESOURCE] ?? (await fetchList(ctx, baseURL, CLIENT_RESOURCE)));

	if (ctx.getMode() === 'manual') return [await testEvent(ctx, baseURL, lists, { events, filters, today, everyPayment, detectedAt })];

	const staticData = ctx.getWorkflowStaticData('node');
	const before = readState(staticData);
	// resources no longer polled are dropped: choosing their events again starts a new baseline for them
	const after: TriggerState = {};
	const detections: Detection[] = [];
	for (const resource of resources) {
		const comparison = compareList(resource, before[resource], lists[resource] ?? [], today);
		after[resource] = comparison.seen;
		detections.push(
			...comparison.detections.filter((d) => wanted(d, events, everyPayment) && passesFilters(resource, d.listed, filters)),
		);
	}
	const items = await buildItems(ctx, baseURL, detections, detectedAt);
	writeState(staticData, after);
	return items.length > 0 ? [items] : null;
}
