import type { INodeProperties } from 'n8n-workflow';

import { clientFilters } from './client/fields';
import { sharedCollection } from './collections';
import { showFor } from './common';
import { estimateFilters } from './estimate/fields';
import { expenseFilters } from './expense/fields';
import { invoiceFilters } from './invoice/fields';

const ALL: Array<'client' | 'expense' | 'invoice' | 'estimate'> = ['client', 'expense', 'invoice', 'estimate'];

/** Get Many of every resource: Return All / Limit, then the filters the node applies after the one fetch. */
export const getManyFields: INodeProperties[] = [
	...showFor(ALL, ['getAll'], [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	]),
	...showFor(['expense', 'invoice', 'estimate'], ['get', 'getAll'], [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description:
				'Whether to return only the fields you act on (number, client, status, dates, totals, balance; amounts as numbers) instead of the full record with line items, payments and send log (amounts as the service writes them, e.g. "1214.40")',
		},
	]),
	sharedCollection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, ['getAll'], {
		client: clientFilters,
		expense: expenseFilters,
		invoice: invoiceFilters,
		estimate: estimateFilters,
	}),
];
