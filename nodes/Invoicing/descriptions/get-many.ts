import type { INodeProperties } from 'n8n-workflow';

import { sharedCollection } from './collections';
import { showFor } from './declare-once';
import { operationsOf, resourcesWith } from '../resources/queries';
import { inVersions } from '../resources/versions';
import type { ResourceSpec } from '../resources/types';

/** Get Many of every resource: Return All / Limit, Simplify where a resource has it, then the filters the node applies after the one fetch. */
export function getManyProperties(specs: readonly ResourceSpec[]): INodeProperties[] {
	const listing = resourcesWith(specs, 'list');
	const simplifying = specs.filter((spec) => spec.simpleFields !== undefined);
	return [
		...showFor(listing.map((spec) => spec.value), operationsOf(listing, ['list']), [
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
		...showFor(simplifying.map((spec) => spec.value), operationsOf(simplifying, ['get', 'list']), [
			{
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only the fields you act on (number, client, status, dates, totals, balance) instead of the full record with line items, payments and send log',
			},
		]),
		// every operation that outputs the record as the service sends it (Send, Record Payment and Mark give numbers
		// always); version 2 gives every amount as a number (helpers/output/post-receive)
		...showFor(simplifying.map((spec) => spec.value), operationsOf(simplifying, ['get', 'list', 'create', 'update']), [
			inVersions([1], {
				displayName: 'Amounts as Numbers',
				name: 'amountsAsNumbers',
				type: 'boolean',
				// off by default: saved workflows keep the service's text ("1214.40") they may compare as text
				default: false,
				description:
					'Whether to give the amounts the service sends as text ("amount_paid", "outstanding_balance", an expense\'s "amount") as numbers, as Send, Record Payment and Mark do, to compare them in an IF or a filter',
			}),
		]),
		sharedCollection(
			{ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' },
			operationsOf(listing, ['list']),
			Object.fromEntries(listing.map((spec) => [spec.value, spec.filters.map((filter) => filter.editor)])),
		),
	];
}
