import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { ItemMemory } from '../../../engine/item-memory';
import { listOf } from '../../../../shared/api-answers';
import type { ApiEnvelope } from '../../../../shared/api-types';
import { inputError } from '../../errors/item-errors';
import { ENVELOPE } from '../../input/field-specs';
import { readRecentOrApi } from '../../request/read-api';
import { matchOf, recordName, type GuardedResource } from '../keys/matching';

/** Where Send's address came from: the node's Email field, or the e-mail of the record's client. */
export interface SendTarget {
	email: string;
	source: 'node' | 'client';
}

const targets = new ItemMemory<SendTarget>();

export function sendTargetOf(ctx: IExecuteSingleFunctions): SendTarget | undefined {
	return targets.get(ctx);
}

export function rememberSendTarget(ctx: IExecuteSingleFunctions, target: SendTarget): void {
	targets.set(ctx, target);
}

/**
 * The address of the client an invoice or estimate is issued to (its spec's `match.owner`, `customer_id`), read with one
 * `GET /client/{id}` (or what this process read of the client moments ago, request/recent-reads); an error naming the record and the client when the client has none.
 */
export async function clientEmailOf(
	ctx: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	resource: GuardedResource,
	recordAnswer: ApiEnvelope,
): Promise<string> {
	const record: IDataObject = listOf(recordAnswer, ENVELOPE[resource])[0] ?? {};
	const number = recordName(resource, record) || String(record.id ?? '');
	const clientId = String(record[matchOf(resource).owner?.stored ?? ''] ?? '').trim();
	const what = `${resource} "${number}"`;
	if (clientId === '') {
		throw inputError(ctx, `No address to send the ${what} to: "Email" is empty and the ${resource} names no client`, 'Enter the address in "Email".');
	}
	const client: IDataObject = listOf(await readRecentOrApi(ctx, options, `/client/${encodeURIComponent(clientId)}`), 'data')[0] ?? {};
	const email = typeof client.email === 'string' ? client.email.trim() : '';
	if (email === '') {
		const name = typeof client.names === 'string' && client.names.trim() !== '' ? `"${client.names.trim()}" ` : '';
		throw inputError(
			ctx,
			`No address to send the ${what} to: "Email" is empty and its client ${name}(id ${clientId}) has no e-mail`,
			'Enter the address in "Email", or give the client an e-mail (the Invoicing node\'s Update of the Client, field Email), then run again.',
		);
	}
	return email;
}
