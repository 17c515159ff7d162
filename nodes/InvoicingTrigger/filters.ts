import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import type { Resource } from '../shared/api-types';
import { comparable } from '../shared/text';
import { SPEC_OF } from '../Invoicing/resources/resources';

/** The optional filters of the trigger; each applies to the records that carry its field. */
export interface TriggerFilters {
	/** Invoices and estimates of this client (`customer_id`), or this client itself. */
	clientId?: string;
	/** The Client filter given By E-mail (lower case): the clients with it, resolved against each poll's client list. */
	clientEmail?: string;
	/** The ids of the clients with `clientEmail`, as this poll found them. */
	clientIds?: Set<string>;
	/** Invoices, estimates and expenses in this ISO 4217 currency. */
	currency?: string;
	/** Invoices and estimates whose `total`, expenses whose `amount`, is at least this. */
	minTotal?: number;
}

function locatorValue(value: unknown): string {
	if (typeof value === 'object' && value !== null && 'value' in value) return String((value as IDataObject).value ?? '').trim();
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** Reads and checks the Filters collection; a currency that is not three letters is refused, never guessed. */
export function readFilters(ctx: IPollFunctions): TriggerFilters {
	const raw = ctx.getNodeParameter('filters', {}) as IDataObject;
	const filters: TriggerFilters = {};
	const clientId = locatorValue(raw.clientId);
	const byEmail = typeof raw.clientId === 'object' && raw.clientId !== null && (raw.clientId as IDataObject).mode === 'email';
	if (clientId !== '' && byEmail) filters.clientEmail = clientId.toLowerCase();
	else if (clientId !== '') filters.clientId = clientId;
	const currency = typeof raw.currency === 'string' ? raw.currency.trim().toUpperCase() : '';
	if (currency !== '') {
		if (!/^[A-Z]{3}$/.test(currency)) {
			throw new NodeOperationError(ctx.getNode(), `Filter "Currency" must be an ISO 4217 code such as USD, got "${String(raw.currency)}"`, {
				description: 'Enter the three-letter code of the currency, or remove the filter.',
			});
		}
		filters.currency = currency;
	}
	if (raw.minTotal !== undefined && raw.minTotal !== null && raw.minTotal !== '') {
		const minTotal = Number(raw.minTotal);
		if (!Number.isFinite(minTotal)) {
			throw new NodeOperationError(ctx.getNode(), `Filter "Minimum Total" must be a number, got "${String(raw.minTotal)}"`);
		}
		filters.minTotal = minTotal;
	}
	return filters;
}

/** True when the listed record passes every filter that applies to its kind (the fields its spec's `trigger` names). */
export function passesFilters(resource: Resource, record: IDataObject, filters: TriggerFilters): boolean {
	const { clientField, currencyField, amountField } = SPEC_OF[resource].trigger;
	if (filters.clientId !== undefined && clientField !== undefined) {
		if (String(record[clientField] ?? '') !== filters.clientId) return false;
	}
	if (filters.clientIds !== undefined && clientField !== undefined) {
		if (!filters.clientIds.has(String(record[clientField] ?? ''))) return false;
	}
	if (filters.currency !== undefined && currencyField !== undefined) {
		if (String(record[currencyField] ?? '').toUpperCase() !== filters.currency) return false;
	}
	if (filters.minTotal !== undefined && amountField !== undefined) {
		const amount = Number(record[amountField]);
		if (!Number.isFinite(amount) || amount < filters.minTotal) return false;
	}
	return true;
}

/** The Client filter By E-mail as ids: the clients of `clients` with that e-mail (none: nothing passes). */
export function withClientIds(filters: TriggerFilters, clients: IDataObject[]): TriggerFilters {
	if (filters.clientEmail === undefined) return filters;
	const ids = clients.filter((c) => comparable(c.email, true) === filters.clientEmail).map((c) => String(c.id));
	return { ...filters, clientIds: new Set(ids) };
}
