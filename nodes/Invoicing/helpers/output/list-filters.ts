import type { IDataObject } from 'n8n-workflow';

import { firstSet } from '../../../shared/api-answers';
import { toApiDate } from '../../../shared/dates';
import type { Resource } from '../../../shared/api-types';
import { comparable, text } from '../../../shared/text';
import { SPEC_OF } from '../../resources/resources';
import type { FilterSpec } from '../../resources/types';
import { filterText } from '../input/filter-checks';

export interface FilterContext {
	filters: IDataObject;
	timeZone: string;
	/** Today in the workflow's time zone, YYYY-MM-DD. */
	today: string;
}

type Predicate = (record: IDataObject) => boolean;

const contains = (haystack: unknown, needle: string) => text(haystack).toLowerCase().includes(needle.toLowerCase());

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
