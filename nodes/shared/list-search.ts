import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { credentialBaseUrl, requestApi, TIMEOUT_HINT } from './api-request';
import type { RecordLabel, Resource } from './api-types';

const money = (r: IDataObject, amount: unknown) => {
	const value = Number(amount);
	return `${String(r.currency ?? '')} ${Number.isFinite(value) ? value.toFixed(2) : String(amount ?? '')}`.trim();
};

/** The record as its kind's label reads (see RecordLabel): "INV-1 · Acme (USD 120.00, Paid)". */
export function labelOf(label: RecordLabel, r: IDataObject): string {
	const title = label.title.filter(({ field, optional }) => !optional || r[field]).map(({ field }) => String(r[field]));
	const details = label.details
		.filter(({ field, optional }) => !optional || r[field])
		.map(({ field, money: isMoney }) => (isMoney ? money(r, r[field]) : String(r[field])));
	return `${title.join(' · ')}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** What a "From List" search lists (a resource spec has these keys): the kind of record, its plural for messages, its label. */
export interface SearchTarget {
	value: Resource;
	plural: string;
	listLabel: RecordLabel;
}

/**
 * Records of one kind for a "From List" locator (action node and trigger), filtered by the text typed in the
 * search box; on the shared request path, so its failures read like the trigger's (`List Clients failed ...`).
 */
async function searchRecords(ctx: ILoadOptionsFunctions, target: SearchTarget, filter?: string): Promise<INodeListSearchResult> {
	const body = await requestApi(ctx, {
		action: `List ${target.plural}`,
		method: 'GET',
		baseURL: await credentialBaseUrl(ctx),
		url: `/${target.value}/all`,
		timeoutHint: TIMEOUT_HINT,
		hints: { 429: 'The service is rate limiting: open the list again in a moment, or enter the record By ID.' },
	});
	const records = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	const needle = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = records
		.map((record) => ({ name: labelOf(target.listLabel, record), value: String(record.id) }))
		.filter((item) => needle === '' || item.name.toLowerCase().includes(needle) || item.value.includes(needle));
	return { results };
}

export type ListSearchMethod = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;

/** The listSearch method of one kind of record. */
export const searchMethod = (target: SearchTarget): ListSearchMethod =>
	async function search(this: ILoadOptionsFunctions, filter?: string) {
		return await searchRecords(this, target, filter);
	};
