import type { ApiParams } from '../../../shared/api-types';

type Encodable = string | number | boolean | null | undefined | Encodable[] | { [key: string]: Encodable };

function appendPairs(pairs: string[], key: string, value: Encodable): void {
	if (value === undefined || value === null) return;
	if (Array.isArray(value)) {
		value.forEach((entry, index) => appendPairs(pairs, `${key}[${index}]`, entry));
		return;
	}
	if (typeof value === 'object') {
		for (const [name, entry] of Object.entries(value)) appendPairs(pairs, `${key}[${name}]`, entry);
		return;
	}
	pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

/**
 * application/x-www-form-urlencoded in PHP bracket notation, the encoding the service reads:
 * `{ items: [{ rate: 10 }] }` -> `items%5B0%5D%5Brate%5D=10`. Undefined values are left out.
 */
export function encodeBracketForm(params: ApiParams): string {
	const pairs: string[] = [];
	for (const [key, value] of Object.entries(params)) appendPairs(pairs, key, value as Encodable);
	return pairs.join('&');
}
