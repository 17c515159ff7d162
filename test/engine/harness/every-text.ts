/**
 * Everything a value holds, as one text: every own property, enumerable or not (an error's `cause`, `stack`,
 * `errorResponse`, `context`), of every object it reaches (an HTTP client's config and its request's raw headers
 * included), each object once. What n8n serializes of an error is a part of this, so a secret absent here is
 * absent there too.
 */
export function everyText(value: unknown): string {
	const seen = new Set<object>();
	const parts: string[] = [];
	const visit = (current: unknown, depth: number): void => {
		if (typeof current === 'string') parts.push(current);
		else if (typeof current === 'number' || typeof current === 'boolean' || typeof current === 'bigint') parts.push(String(current));
		if ((typeof current !== 'object' && typeof current !== 'function') || current === null || seen.has(current) || depth > 12) return;
		seen.add(current);
		if (Buffer.isBuffer(current)) return void parts.push(current.toString('latin1'));
		if (current instanceof Map) {
			for (const [key, entry] of current) {
				visit(key, depth + 1);
				visit(entry, depth + 1);
			}
		}
		if (current instanceof Set) for (const entry of current) visit(entry, depth + 1);
		for (const key of Object.getOwnPropertyNames(current)) {
			const descriptor = Object.getOwnPropertyDescriptor(current, key);
			// getters (sockets' state) are not data the error carries
			if (descriptor === undefined || !('value' in descriptor)) continue;
			parts.push(key);
			visit(descriptor.value, depth + 1);
		}
		const viaJson = (current as { toJSON?: unknown }).toJSON;
		if (typeof viaJson === 'function') {
			try {
				parts.push(JSON.stringify(current));
			} catch {
				// a circular toJSON: its parts were visited above
			}
		}
	};
	visit(value, 0);
	return parts.join('\n');
}

/** The secrets of a credential that must never be in what a run returns or throws. */
export const PASSWORD = 's3cret-pw';
export const USER = 'billing-user';

/** A Base URL with user and password, as a user may write it. */
export const withUserinfo = (baseUrl: string) => baseUrl.replace(/^(https?:\/\/)/, `$1${USER}:${PASSWORD}@`);

/** Which of the secrets (the Base URL's user and password, the API key) a text holds: none expected. */
export function secretsIn(text: string, apiKey: string): string[] {
	const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
	return [USER, PASSWORD, apiKey, basic].filter((secret) => text.includes(secret));
}
