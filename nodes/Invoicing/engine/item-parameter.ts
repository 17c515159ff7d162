import type { IExecuteSingleFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import { isLocator } from '../../shared/text';

/**
 * A parameter the pre-send reads, without a third evaluation of its expression when that expression only picks
 * a value out of the item's JSON. n8n's declarative engine evaluates every set parameter twice per item before
 * the pre-send runs (its walk over the properties and its base-URL check), and a read through getNodeParameter
 * evaluates it once more, in n8n's expression isolate, at about half a millisecond each: most of the node's own
 * time per item (docs/benchmark.md, "Where the time goes"). `={{ $json.client }}`, `={{ $json.items }}`,
 * `={{ $json["a b"][0] }}` are read straight from the item when the path exists and leads to plain JSON
 * (text, a finite number, true/false, arrays and plain objects of those); anything else (another expression, a
 * missing key, null, a date object) goes through getNodeParameter as before, with n8n's own result and errors.
 * A collection (Additional Fields, Update Fields) is read from the item when each of its expressions is such a
 * path. test/engine/item-parameter.test.ts runs both ways through real n8n and compares them.
 */

type Step = string | number;

const SIMPLE_PATH = /^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\['[^'\\]*'\]|\["[^"\\]*"\])*)\s*\}\}$/;
const STEP = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\['([^'\\]*)'\]|\["([^"\\]*)"\]/g;

/** The steps of `={{ $json.a[0]['b c'] }}` (["a", 0, "b c"]); undefined for any other text or expression. */
export function jsonPathOf(expression: string): Step[] | undefined {
	const match = SIMPLE_PATH.exec(expression);
	if (!match) return undefined;
	const steps: Step[] = [];
	for (const step of match[1].matchAll(STEP)) steps.push(step[2] !== undefined ? Number(step[2]) : (step[1] ?? step[3] ?? step[4]));
	return steps;
}

function isPlainJson(value: unknown, depth = 0): boolean {
	if (typeof value === 'string' || typeof value === 'boolean') return true;
	if (typeof value === 'number') return Number.isFinite(value);
	if (depth > 20 || typeof value !== 'object' || value === null) return false;
	if (Array.isArray(value)) return value.every((entry) => isPlainJson(entry, depth + 1));
	const proto = Object.getPrototypeOf(value) as unknown;
	return (proto === Object.prototype || proto === null) && Object.values(value).every((entry) => isPlainJson(entry, depth + 1));
}

/** What the path leads to in `json`, if every step is an own key (an index within an array) and the end is plain JSON. */
export function valueAtPath(json: unknown, steps: Step[]): { value: unknown } | undefined {
	let at = json;
	for (const step of steps) {
		if (typeof at !== 'object' || at === null) return undefined;
		if (Array.isArray(at) ? typeof step !== 'number' || step >= at.length : !Object.prototype.hasOwnProperty.call(at, step)) return undefined;
		at = (at as Record<string, unknown>)[step];
	}
	if (!isPlainJson(at)) return undefined;
	// n8n hands out a copy of an object it evaluated: so does this
	return { value: typeof at === 'object' ? structuredClone(at) : at };
}

function fromItem(ctx: IExecuteSingleFunctions, expression: unknown): { value: unknown } | undefined {
	if (typeof expression !== 'string') return undefined;
	const steps = jsonPathOf(expression);
	return steps ? valueAtPath(ctx.getInputData()?.json, steps) : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A stored parameter value (text, a collection, a locator) with each expression in it read from the item;
 * undefined when one of them is more than a path, or its path leads nowhere: then n8n evaluates the whole value.
 */
function resolved(ctx: IExecuteSingleFunctions, raw: unknown, depth = 0): { value: unknown } | undefined {
	if (typeof raw === 'string') return raw.startsWith('=') ? fromItem(ctx, raw) : { value: raw };
	if (typeof raw === 'number' || typeof raw === 'boolean') return { value: raw };
	if (depth > 10) return undefined;
	if (Array.isArray(raw)) {
		const values: unknown[] = [];
		for (const entry of raw) {
			const read = resolved(ctx, entry, depth + 1);
			if (!read) return undefined;
			values.push(read.value);
		}
		return { value: values };
	}
	if (!isPlainObject(raw)) return undefined;
	const value: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(raw)) {
		const read = resolved(ctx, entry, depth + 1);
		if (!read) return undefined;
		value[key] = read.value;
	}
	return { value };
}

/** The parameter's value, as `ctx.getNodeParameter(name, fallback, options)` gives it (see the header). */
export function itemParameter(ctx: IExecuteSingleFunctions, name: string, fallback?: unknown, options?: IGetNodeParameterOptions): unknown {
	const raw = ctx.getNode().parameters[name];
	// a value without an expression costs n8n no evaluation: read it the usual way
	if (!hasExpression(raw) || (options?.extractValue && !(isLocator(raw) && raw.mode === 'id'))) return ctx.getNodeParameter(name, fallback, options);
	const read = resolved(ctx, raw);
	if (!read) return ctx.getNodeParameter(name, fallback, options);
	return options?.extractValue && isLocator(read.value) ? read.value.value : read.value;
}

/** Whether a stored value holds an expression anywhere (text starting with "="). */
export function hasExpression(raw: unknown): boolean {
	if (typeof raw === 'string') return raw.startsWith('=');
	if (Array.isArray(raw)) return raw.some(hasExpression);
	return isPlainObject(raw) && Object.values(raw).some(hasExpression);
}
