import type { IDataObject } from 'n8n-workflow';

import { firstSet } from '../../../shared/api-answers';
import { toApiDate } from '../../../shared/dates';
import type { Resource } from '../../../shared/api-types';
import { comparable, text, trimmed } from '../../../shared/text';
import { RESOURCE_SPECS, SPEC_OF } from '../../resources/resources';
import type { FilterSpec } from '../../resources/types';

export interface FilterContext {
	filters: IDataObject;
	timeZone: string;
	/** Today in the workflow's time zone, YYYY-MM-DD. */
	today: string;
}

type Predicate = (record: IDataObject) => boolean;

const contains = (haystack: unknown, needle: string) => text(haystack).toLowerCase().includes(needle.toLowerCase());

/** A filter's value as text, trimmed: a locator's value (the Client filter), else the value itself. */
function filterText(value: unknown): string {
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
export function unreadableFilterDate(filters: IDataObject, timeZone: string): { label: string; value: unknown } | undefined {
	const name = Object.keys(DATE_FILTERS).find((key) => toApiDate(filters[key], timeZone) === null);
	return name === undefined ? undefined : { label: DATE_FILTERS[name], value: filters[name] };
}

/**
 * The label of the first filter of the resource that the user added but left empty (nothing, or only spaces: a
 * blank cell in `{{ $json.no }}`): it must be refused, never left out (that would list every record). A switch
 * (Overdue Only) is never empty: off is its value.
 */
export function emptyFilter(resource: Resource, filters: IDataObject): string | undefined {
	const empty = SPEC_OF[resource].filters.find(({ editor }) => editor.type !== 'boolean' && editor.name in filters && filterText(filters[editor.name]) === '');
	return empty?.editor.displayName;
}

/** The check of one filter the user set; undefined when it is not set (it keeps every record). */
function predicate({ editor, test }: FilterSpec, { filters: f, timeZone, today }: FilterContext): Predicate | undefined {
	const value = f[editor.name];
	const set = value !== undefined && value !== '' && value !== null;
	switch (test.kind) {
		case 'contains': {
			if (!set) return undefined;
			const needle = test.trim ? text(value).trim() : text(value);
			return (r) => test.fields.some((field) => contains(r[field], needle));
		}
		case 'equals':
			return set ? (r) => r[test.field] === value : undefined;
		case 'sameText': {
			const fold = (v: unknown) => comparable(v, test.caseless);
			const wanted = set ? fold(value) : '';
			return wanted ? (r) => fold(firstSet(r, test.fields)) === wanted : undefined;
		}
		case 'sameCode':
			return set ? (r) => text(r[test.field]).toUpperCase() === text(value).trim().toUpperCase() : undefined;
		case 'sameId': {
			const id = set ? filterText(value) : '';
			return id ? (r) => text(r[test.field]) === id : undefined;
		}
		case 'from': {
			const start = toApiDate(value, timeZone);
			return start ? (r) => text(r[test.field]) >= start : undefined;
		}
		case 'to': {
			const end = toApiDate(value, timeZone);
			return end ? (r) => text(r[test.field]) <= end : undefined;
		}
		case 'overdue':
			return value === true ? (r) => r[test.status] === test.open && text(r[test.due]) !== '' && text(r[test.due]) < today : undefined;
	}
}

/** The filters the API lacks (the resource spec's `filters`, each with its test), applied to the one list it returns. */
export function applyFilters(resource: Resource, records: IDataObject[], context: FilterContext): IDataObject[] {
	const checks = SPEC_OF[resource].filters.map((filter) => predicate(filter, context)).filter((check): check is Predicate => check !== undefined);
	return checks.length === 0 ? records : records.filter((record) => checks.every((check) => check(record)));
}
