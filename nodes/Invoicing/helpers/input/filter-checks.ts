import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { ACCEPTED_DATE_FORMS, toApiDate } from '../../../shared/dates';
import type { Resource } from '../../../shared/api-types';
import { trimmed } from '../../../shared/text';
import { RESOURCE_SPECS, SPEC_OF } from '../../resources/resources';
import { fieldError } from '../errors/item-errors';

/** A filter's value as text, trimmed: a locator's value (the Client filter), else the value itself. */
export function filterText(value: unknown): string {
	return trimmed(typeof value === 'object' && value !== null && 'value' in value ? (value as IDataObject).value : value);
}

const DATE_TESTS = new Set(['from', 'to']);

/** Every date filter of the specs, by parameter name, with its label (a saved value of any of them is checked). */
const DATE_FILTERS: Record<string, string> = Object.fromEntries(
	RESOURCE_SPECS.flatMap((spec) => spec.filters)
		.filter((filter) => DATE_TESTS.has(filter.test.kind))
		.map((filter) => [filter.editor.name, filter.editor.displayName]),
);

/**
 * The first date filter in none of the accepted forms, with its label: it must be refused, never left out
 * (that would silently widen the list).
 */
function unreadableFilterDate(filters: IDataObject, timeZone: string): { label: string; value: unknown } | undefined {
	const name = Object.keys(DATE_FILTERS).find((key) => toApiDate(filters[key], timeZone) === null);
	return name === undefined ? undefined : { label: DATE_FILTERS[name], value: filters[name] };
}

/**
 * The label of the first filter of the resource that the user added but left empty (nothing, or only spaces: a
 * blank cell in `{{ $json.no }}`): it must be refused, never left out (that would list every record). A switch
 * (Overdue Only) is never empty: off is its value.
 */
function emptyFilter(resource: Resource, filters: IDataObject): string | undefined {
	const empty = SPEC_OF[resource].filters.find(({ editor }) => editor.type !== 'boolean' && editor.name in filters && filterText(filters[editor.name]) === '');
	return empty?.editor.displayName;
}

/**
 * Get Many's filters as the item gave them, checked before anything is sent: an empty filter or an unreadable
 * date fails the item (left out, either would widen the list to every record).
 */
export function refuseUnusableFilters(ctx: IExecuteSingleFunctions, resource: Resource, filters: IDataObject): void {
	const empty = emptyFilter(resource, filters);
	if (empty) {
		throw fieldError(
			ctx,
			empty,
			'filter is empty: give it a value, or remove it from Filters',
			`An empty filter is refused, not ignored: ignored, it would list every ${resource}, and the nodes after this one would act on all of them.`,
		);
	}
	const unreadable = unreadableFilterDate(filters, ctx.getTimezone());
	if (unreadable) {
		throw fieldError(
			ctx,
			unreadable.label,
			`must be an unambiguous date, got ${JSON.stringify(unreadable.value)}: give YYYY-MM-DD or an ISO date and time`,
			`Accepted: ${ACCEPTED_DATE_FORMS}.`,
		);
	}
}
