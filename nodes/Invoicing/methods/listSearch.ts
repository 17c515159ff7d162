import {
	NodeApiError,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchItems,
	type INodeListSearchResult,
	type JsonObject,
} from 'n8n-workflow';

import { isApiSuccess } from '../../shared/errors';
import { CREDENTIAL_TYPE } from '../../shared/api-request';

type Labeler = (record: IDataObject) => string;

const money = (r: IDataObject, amount: unknown) => {
	const value = Number(amount);
	return `${String(r.currency ?? '')} ${Number.isFinite(value) ? value.toFixed(2) : String(amount ?? '')}`.trim();
};

const LABELS: Record<string, Labeler> = {
	client: (r) => (r.email ? `${String(r.names)} (${String(r.email)})` : String(r.names)),
	expense: (r) => `${String(r.description)}${r.vendor ? ` · ${String(r.vendor)}` : ''} (${money(r, r.amount)}, ${String(r.issued_date)})`,
	invoice: (r) => `${String(r.invoice_no)} · ${String(r.customer_name)} (${money(r, r.total)}, ${String(r.payment_status)})`,
	estimate: (r) => `${String(r.reference_no)} · ${String(r.customer_name)} (${money(r, r.total)})`,
};

/** Records of one kind for a "From List" locator, filtered by the text typed in the search box. */
async function searchRecords(ctx: ILoadOptionsFunctions, resource: string, filter?: string): Promise<INodeListSearchResult> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const baseURL = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method: 'GET',
		baseURL,
		url: `/${resource}/all`,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	})) as { statusCode: number; body: unknown };
	if (!isApiSuccess(response.statusCode, response.body)) {
		const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as JsonObject;
		throw new NodeApiError(ctx.getNode(), body, {
			message: `Could not list ${resource}s (HTTP ${response.statusCode}): ${String(body.message ?? 'no message')}`,
			httpCode: String(response.statusCode),
		});
	}
	const records = Array.isArray(response.body.data) ? (response.body.data as IDataObject[]) : [];
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
