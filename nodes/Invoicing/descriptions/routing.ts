import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';
import { buildGuardedPayment, buildGuardedSend } from '../helpers/guards/writes/action-guards';
import { buildGuardedCreate, buildUpsertRequest } from '../helpers/guards/writes/create-guards';
import { THROUGH_MIDDLEWARE } from '../engine/request-middleware';
import { buildFromEstimate } from '../helpers/guards/writes/from-estimate';
import { asDocument, asGuarded } from '../helpers/guards/keys/matching';
import { eInvoiceFile } from '../helpers/einvoice/export-step';
import { shapeFromEstimate } from '../helpers/output/from-estimate';
import {
	handleApiErrors,
	shapeAction,
	shapeDeleted,
	shapeFetched,
	shapeList,
	shapeRecord,
	shapeUpdated,
	shapeWrite,
	type PostReceive,
} from '../helpers/output/post-receive';
import { namingLookalikes } from '../helpers/input/id-lookalike';
import { resolveListFilters } from '../helpers/input/record-lookup';
import { buildCreateRequest, buildUpdateRequest, insertRecordId, type PreSend } from '../helpers/request/pre-send';
import { stoppingOnFailure } from '../helpers/request/run-stop';
import { CONVERT_TO_INVOICE_PARAMS } from '../resources/estimate/convertToInvoice.operation';
import type { POST_RECEIVE_STEPS, PRE_SEND_STEPS } from '../resources/steps';
import type { OperationSpec, ResourceSpec } from '../resources/types';

/**
 * The code of each preSend step an operation spec names, built for its resource. Mapped over the names in
 * resources/steps.ts, so a name without code, or code without a name, does not compile.
 */
export const PRE_SEND: { readonly [Name in keyof typeof PRE_SEND_STEPS]: (resource: Resource) => PreSend[] } = {
	none: (): PreSend[] => [],
	list: (resource: Resource) => [resolveListFilters(resource)],
	recordId: (resource: Resource) => [insertRecordId(resource)],
	create: (resource: Resource) => [buildCreateRequest(resource)],
	guardedCreate: (resource: Resource) => [buildGuardedCreate(asGuarded(resource))],
	upsert: (resource: Resource) => [buildUpsertRequest(asGuarded(resource))],
	update: (resource: Resource) => [buildUpdateRequest(resource)],
	send: (resource: Resource) => [buildGuardedSend(asDocument(resource))],
	recordPayment: (resource: Resource) => [buildGuardedPayment(asDocument(resource))],
	fromEstimate: (): PreSend[] => [buildFromEstimate()],
	convertToInvoice: (): PreSend[] => [buildFromEstimate(CONVERT_TO_INVOICE_PARAMS)],
};

/** The code of each output shaping an operation spec names, built for its resource; handleApiErrors always runs first. */
export const POST_RECEIVE: { readonly [Name in keyof typeof POST_RECEIVE_STEPS]: (resource: Resource) => PostReceive } = {
	list: shapeList,
	record: shapeRecord,
	updated: shapeUpdated,
	fetched: shapeFetched,
	write: (resource: Resource) => shapeWrite(asGuarded(resource)),
	action: (resource: Resource) => shapeAction(asDocument(resource)),
	deleted: shapeDeleted,
	fromEstimate: shapeFromEstimate,
	eInvoice: () => eInvoiceFile,
};

/** The operation's request, then its preSend, then error handling before output shaping. */
export function routingOf(resource: Resource, operation: OperationSpec): INodePropertyRouting {
	return {
		request: { method: operation.method, url: operation.path },
		// through the request middleware, which names transport failures (helpers/request/routed-request)
		send: { preSend: PRE_SEND[operation.preSend](resource).map((step) => stoppingOnFailure(namingLookalikes(step))), ...THROUGH_MIDDLEWARE },
		output: { postReceive: [handleApiErrors, POST_RECEIVE[operation.postReceive](resource)] },
	};
}

/** The Operation parameter of a resource; options sorted by name as n8n lists them. */
export function operationProperty(spec: ResourceSpec): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [spec.value] } },
		options: spec.operations
			.map((operation) => ({
				name: operation.name,
				value: operation.value,
				action: operation.action,
				description: operation.description,
				routing: routingOf(spec.value, operation),
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: 'getAll',
	};
}
