import type { IDataObject } from 'n8n-workflow';

import type { ApiEnvelope, Resource } from './api-types';

/** The list under `key` in an answer; an absent or malformed one is empty. */
/** The record's field under the first of `names` that is set (null counts as not set). */
export function firstSet(record: IDataObject, names: readonly string[]): unknown {
	for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
	return undefined;
}

export function listOf(body: ApiEnvelope, key: string): IDataObject[] {
	const value = body[key];
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/** A record whose number has two names (an estimate's estimate_no and reference_no) carries it under both, the listed name read first. */
export function withNumberNames(record: IDataObject, [create, listed]: readonly [string, string]): IDataObject {
	const number = record[listed] ?? record[create];
	return { ...record, [create]: number, [listed]: number };
}

/** How a kind of record comes in a get, create or update answer (a resource spec has these keys). */
export interface AnswerShape {
	/** The key of the answer that holds the record. */
	envelope: string;
	/** The answer lists the record's line items under `items`. */
	lineItems: boolean;
	/** The lists a Get answer adds (a client's invoices), and the kind of their records. */
	related: ReadonlyArray<{ list: string; of?: Resource }>;
	numberNames?: readonly [string, string];
}

const named = (shape: AnswerShape | undefined, record: IDataObject) => (shape?.numberNames ? withNumberNames(record, shape.numberNames) : record);

/**
 * The record of a get, create or update answer with its related lists, envelope removed (docs/operations.md,
 * "Outputs"), per the shapes of the resource specs.
 */
export function recordFromAnswer(shapes: Readonly<Record<Resource, AnswerShape>>, resource: Resource, body: ApiEnvelope): IDataObject {
	const shape = shapes[resource];
	const record = named(shape, listOf(body, shape.envelope)[0] ?? {});
	const items = shape.lineItems ? { items: listOf(body, 'items') } : {};
	const related: IDataObject = {};
	if (shape.related.length > 0 && shape.related[0].list in body) {
		for (const { list, of } of shape.related) {
			const records = listOf(body, list);
			related[list] = of ? records.map((entry) => named(shapes[of], entry)) : records;
		}
	}
	return { ...record, ...items, ...related };
}
