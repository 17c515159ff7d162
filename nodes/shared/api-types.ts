import type { IDataObject } from 'n8n-workflow';

export type Resource = 'client' | 'expense' | 'invoice' | 'estimate';

/** Every answer of the service carries `status`; failures add `message`. */
export interface ApiEnvelope extends IDataObject {
	status?: string;
	message?: string;
}

export interface LineItem extends IDataObject {
	description: string;
	quantity: number;
	rate: number;
}

/** Parameters as the API names them, ready to be encoded. */
export type ApiParams = Record<string, string | number | LineItem[] | undefined>;

/**
 * How a record reads in a "From List" locator: the `title` fields joined by " · ", then the `details` in
 * parentheses (a `money` field with the record's currency and two decimals). An `optional` field that is empty is left out.
 */
export interface RecordLabel {
	title: Array<{ field: string; optional?: boolean }>;
	details: Array<{ field: string; money?: boolean; optional?: boolean }>;
}
