import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import type { Resource } from '../../shared/api-types';
import { buildGuardedCreate, buildGuardedPayment, buildGuardedSend, buildUpsertRequest } from '../helpers/guards/guarded-requests';
import { THROUGH_MIDDLEWARE } from '../engine/request-middleware';
import { asDocument, asGuarded } from '../helpers/guards/matching';
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
import { resolveListFilters } from '../helpers/input/record-lookup';
import { buildCreateRequest, buildUpdateRequest, insertRecordId, type PreSend } from '../helpers/request/pre-send';
import type { OperationSpec, ResourceSpec } from '../resources/types';

/** The preSend steps an operation spec names by key, built for its resource. */
export const PRE_SEND: Readonly<Record<string, (resource: Resource) => PreSend[]>> = {
	none: (): PreSend[] => [],
	list: (resource: Resource) => [resolveListFilters(resource)],
	recordId: (resource: Resource) => [insertRecordId(resource)],
	create: (resource: Resource) => [buildCreateRequest(resource)],
	guardedCreate: (resource: Resource) => [buildGuardedCreate(asGuarded(resource))],
	upsert: (resource: Resource) => [buildUpsertRequest(asGuarded(resource))],
	update: (resource: Resource) => [buildUpdateRequest(resource)],
	send: (resource: Resource) => [buildGuardedSend(asDocument(resource))],
	recordPayment: (resource: Resource) => [buildGuardedPayment(asDocument(resource))],
};

/** The output shaping an operation spec names, built for its resource; handleApiErrors always runs first. */
export const POST_RECEIVE: Readonly<Record<string, (resource: Resource) => PostReceive>> = {
	list: shapeList,
	record: shapeRecord,
	updated: shapeUpdated,
	fetched: shapeFetched,
	write: (resource: Resource) => shapeWrite(asGuarded(resource)),
	action: (resource: Resource) => shapeAction(asDocument(resource)),
	deleted: shapeDeleted,
};

/** The step a spec names; a key no table has is a programming error, refused when the node loads. */
function step<T>(table: Readonly<Record<string, T>>, key: string, what: string, resource: Resource, operation: OperationSpec): T {
	const found = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
	if (found === undefined) throw new Error(`The ${resource} ${operation.value} operation names the ${what} step "${key}", which descriptions/routing.ts does not have`);
	return found;
}

/** The operation's request, then its preSend, then error handling before output shaping. */
export function routingOf(resource: Resource, operation: OperationSpec): INodePropertyRouting {
	return {
		request: { method: operation.method, url: operation.path },
		// through the request middleware, which names transport failures (helpers/request/routed-request)
		send: { preSend: step(PRE_SEND, operation.preSend, 'preSend', resource, operation)(resource), ...THROUGH_MIDDLEWARE },
		output: { postReceive: [handleApiErrors, step(POST_RECEIVE, operation.postReceive, 'postReceive', resource, operation)(resource)] },
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
