import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { credentialBaseUrl, requestApi, TIMEOUT_HINT } from './api-request';
import type { Resource } from './api-types';
import { RESOURCE_NAMES } from './resource-names';

type Labeler = (record: IDataObject) => string;

const money = (r: IDataObject, amount: unknown) => {
	const value = Number(amount);
	return `${String(r.currency ?? '')} ${Number.isFinite(value) ? value.toFixed(2) : String(amount ?? '')}`.trim();
};

const LABELS: Record<Resource, Labeler> = {
	client: (r) => (r.email ? `${String(r.names)} (${String(r.email)})` : String(r.names)),
	expense: (r) => `${String(r.description)}${r.vendor ? ` · ${String(r.vendor)}` : ''} (${money(r, r.amount)}, ${String(r.issued_date)})`,
	invoice: (r) => `${String(r.invoice_no)} · ${String(r.customer_name)} (${money(r, r.total)}, ${String(r.payment_status)})`,
	estimate: (r) => `${String(r.reference_no)} · ${String(r.customer_name)} (${money(r, r.total)})`,
};

/**
 * Records of one kind for a "From List" locator (action node and trigger), filtered by the text typed in the
 * search box; on the shared request path, so its failures read like the trigger's (`List Clients failed ...`).
 */
async function searchRecords(ctx: ILoadOptionsFunctions, resource: Resource, filter?: string): Promise<INodeListSearchResult> {
	const body = await requestApi(ctx, {
		action: `List ${RESOURCE_NAMES[resource].many}`,
		method: 'GET',
		baseURL: await credentialBaseUrl(ctx),
		url: `/${resource}/all`,
		timeoutHint: TIMEOUT_HINT,
	});
	const records = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	const needle = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = records
		.map((record) => ({ name: LABELS[resource](record), value: String(record.id) }))
		.filter((item) => needle === '' || item.name.toLowerCase().includes(needle) || item.value.includes(needle));
	return { results };
}

export async function searchClients(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, 'client', filter);
}

export async function searchExpenses(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, 'expense', filter);
}

export async function searchInvoices(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, 'invoice', filter);
}

export async function searchEstimates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, 'estimate', filter);
}
