/**
 * No secret in what the nodes report or throw (DESIGN: "No secret (user, password, API key) in anything
 * remembered, reported or thrown"). A Base URL may carry a user and password (`https://user:pass@host/v1`); every
 * text a person sees shows it as `https://***@host/v1`: that the URL has a user and password is kept, who and
 * which is not. The API key travels only in a request header, which reaches an error only through the HTTP
 * client's own error (its config and request): an error the nodes throw keeps of its cause only the name, the
 * code and the message.
 */

const USERINFO = /\b(https?:\/\/)[^\s/?#@"'<>]+@/gi;

/** Every http(s) URL in a text with its user and password shown as `***`. */
export function redactUrls(text: string): string {
	return text.replace(USERINFO, '$1***@');
}

/** The user and password written in a URL (decoded), or undefined when it has none. */
export function userinfoOf(url: string): { user: string; password: string } | undefined {
	try {
		const parsed = new URL(url);
		if (parsed.username === '' && parsed.password === '') return undefined;
		return { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
	} catch {
		return undefined;
	}
}

/** A URL as requests are sent to it: without user and password (they go in a header instead). */
export function withoutUserinfo(url: string): string {
	return url.replace(USERINFO, '$1');
}

type Redactable = Record<string, unknown>;

/** Strings of plain data (context, a service's answer) with their URLs redacted; anything else as it is. */
function redactData(value: unknown, seen = new Set<unknown>()): unknown {
	if (typeof value === 'string') return redactUrls(value);
	if (typeof value !== 'object' || value === null || seen.has(value)) return value;
	seen.add(value);
	if (Array.isArray(value)) return value.map((entry) => redactData(entry, seen));
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (prototype !== Object.prototype && prototype !== null) return value instanceof Error ? causeSummary(value) : undefined;
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, redactData(entry, seen)]));
}

/** What an error keeps of the error it wraps: no HTTP client config, request or headers. */
function causeSummary(cause: unknown): Redactable | undefined {
	if (typeof cause !== 'object' || cause === null) return undefined;
	const { name, message, code } = cause as { name?: unknown; message?: unknown; code?: unknown };
	return {
		...(typeof name === 'string' ? { name } : {}),
		...(typeof message === 'string' ? { message: redactUrls(message) } : {}),
		...(typeof code === 'string' ? { code } : {}),
	};
}

function redefine(target: object, key: string, value: unknown): void {
	const own = Object.getOwnPropertyDescriptor(target, key);
	Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: own?.enumerable ?? false });
}

/**
 * The error with no secret left in its own fields: URLs in its texts (message, description, messages, stack,
 * context, the response it holds) redacted, and its cause cut to name, code and message. n8n serializes these
 * fields into the execution's data and shows them; `httpCode` and the service's answer are kept.
 */
export function withoutSecrets<T>(error: T): T {
	if (typeof error !== 'object' || error === null) return error;
	const fields = error as unknown as Redactable;
	for (const key of ['message', 'description', 'stack']) {
		if (typeof fields[key] === 'string') redefine(error, key, redactUrls(fields[key] as string));
	}
	if (Array.isArray(fields.messages)) fields.messages = fields.messages.map((m: unknown) => (typeof m === 'string' ? redactUrls(m) : m));
	if (fields.context !== undefined) fields.context = redactData(fields.context);
	if (fields.errorResponse !== undefined) fields.errorResponse = redactData(fields.errorResponse);
	if ('cause' in fields && fields.cause !== undefined) redefine(error, 'cause', causeSummary(fields.cause));
	return error;
}
