import { badRequest } from './errors';
import type { BodyEncoding, Params } from './types';

/** Splits `items[0][rate]` into ["items", "0", "rate"]; a plain key is a path of one. */
function keyPath(key: string): string[] {
	const open = key.indexOf('[');
	if (open <= 0 || !key.endsWith(']')) return [key];
	return [key.slice(0, open), ...key.slice(open + 1, -1).split('][')];
}

/** Objects whose keys are exactly 0..n-1 become arrays, at every depth. */
function arraysFromIndexedObjects(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
	if (value === null || typeof value !== 'object') return value;
	const entries = Object.entries(value as Params).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
	const isIndexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
	return isIndexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** Parses `a=1&items[0][rate]=10&tags[]=x` (PHP bracket notation) into nested objects and arrays. */
export function parseBracketNotation(text: string): Params {
	const root: Params = {};
	for (const [key, value] of new URLSearchParams(text)) {
		const path = keyPath(key);
		let node: Params = root;
		path.forEach((segment, depth) => {
			const last = depth === path.length - 1;
			if (segment === '') {
				// `items[]`: append a new element to the list found at this place
				const list = Object.keys(node).length;
				segment = String(list);
			}
			if (last) {
				node[segment] = value;
				return;
			}
			const next = node[segment];
			if (next === null || typeof next !== 'object') node[segment] = {};
			node = node[segment] as Params;
		});
	}
	return arraysFromIndexedObjects(root) as Params;
}

export interface ParsedBody {
	body: Params | null;
	encoding: BodyEncoding;
}

export function parseBody(raw: string, contentType: string | null): ParsedBody {
	if (raw.trim() === '') return { body: null, encoding: 'none' };
	const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
	if (type === 'application/json' || (type === '' && /^\s*[{[]/.test(raw))) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(raw);
		} catch {
			throw badRequest('The request body is not valid JSON.');
		}
		if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
			throw badRequest('The JSON request body must be an object.');
		}
		return { body: parsed as Params, encoding: 'json' };
	}
	if (type === 'application/x-www-form-urlencoded' || type === '') {
		return { body: parseBracketNotation(raw), encoding: 'form' };
	}
	throw badRequest(
		`Unsupported Content-Type "${type}": send application/x-www-form-urlencoded, application/json or query parameters.`,
	);
}
