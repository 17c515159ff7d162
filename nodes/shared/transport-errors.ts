import { NodeApiError, type INode } from 'n8n-workflow';

import { MAY_HAVE_APPLIED } from './api-errors';
import { redactUrls } from './redact';

interface Cause {
	/** What happened, in the words of the message. */
	what: (timeoutMs: number, baseUrl: string) => string;
	/** What to do about it; a time-out's fix depends on where the time-out is set (`timeoutHint`). */
	fix: string;
	/** Whether the request may have reached the service (then a write may have been applied). */
	mayHaveArrived: boolean;
}

/** The action node's time-out is under the node's Request Options (n8n adds them to every declarative node). */
export const REQUEST_OPTIONS_TIMEOUT_HINT = 'Raise Request Options > Timeout if the service is slow, or try again later.';

const TIMED_OUT: Cause = {
	what: (ms) => `no answer within the time-out of ${ms / 1000} s`,
	fix: REQUEST_OPTIONS_TIMEOUT_HINT,
	mayHaveArrived: true,
};

/** Transport failures by the code Node.js or axios gives them. */
const CAUSES: Record<string, Cause> = {
	ECONNABORTED: TIMED_OUT,
	ETIMEDOUT: TIMED_OUT,
	ECONNRESET: {
		what: () => 'the service closed the connection before answering',
		fix: 'The service or a proxy dropped the request: try again later.',
		mayHaveArrived: true,
	},
	EPIPE: {
		what: () => 'the service closed the connection while the request was sent',
		fix: 'The service or a proxy dropped the request: try again later.',
		mayHaveArrived: true,
	},
	ECONNREFUSED: {
		what: (_ms, url) => `nothing accepts connections at ${url}`,
		fix: 'Check the Base URL in the Invoicing credential and that the service is running.',
		mayHaveArrived: false,
	},
	ENOTFOUND: {
		what: (_ms, url) => `the host of ${url} is unknown`,
		fix: 'Check the Base URL in the Invoicing credential.',
		mayHaveArrived: false,
	},
	EAI_AGAIN: {
		what: (_ms, url) => `the host of ${url} could not be looked up`,
		fix: 'The DNS server did not answer: check the network, then try again.',
		mayHaveArrived: false,
	},
};

/** The error and the errors it wraps (`cause`), outermost first. */
function causeChain(error: unknown): object[] {
	const chain: object[] = [];
	let current: unknown = error;
	while (typeof current === 'object' && current !== null && !chain.includes(current)) {
		chain.push(current);
		current = (current as { cause?: unknown }).cause;
	}
	return chain;
}

function codeOf(error: unknown): string | undefined {
	for (const link of causeChain(error)) {
		const code = (link as { code?: unknown }).code;
		if (typeof code === 'string' && code in CAUSES) return code;
	}
	return undefined;
}

/** Where the failed request went, as the HTTP client recorded it (the credential sets the Base URL late). */
function targetOf(error: unknown): string | undefined {
	for (const link of causeChain(error)) {
		const config = (link as { config?: { baseURL?: unknown; url?: unknown } }).config;
		if (config && typeof config.url === 'string') {
			return /^https?:/.test(config.url) ? config.url : `${typeof config.baseURL === 'string' ? config.baseURL : ''}${config.url}`;
		}
	}
	return undefined;
}

/** What the entry point tells about the request that failed in transport. */
export interface FailedRequest {
	/** What failed, as its messages begin: `Create Client "Acme" (item 0)`, `List Invoices`. */
	action: string;
	timeoutMs: number;
	url: string;
	itemIndex?: number;
	/** A write's note, given when the request may have arrived. */
	writeNote?: string;
	/** Replaces the time-out's fix where there are no Request Options (trigger, list search). */
	timeoutHint?: string;
	/** Added to every description (the trigger: nothing is lost). */
	after?: string;
}

/**
 * For a request that failed without an answer: whether it may have reached the service (a time-out or dropped
 * connection may, a refused connection or an unknown host may not); undefined for any other failure.
 */
export function mayHaveArrived(error: unknown): boolean | undefined {
	const code = codeOf(error);
	return code === undefined ? undefined : CAUSES[code].mayHaveArrived;
}

/**
 * A time-out or dropped connection as an error that names what failed and why (`action` failed: cause),
 * or undefined for any other error. Every entry point words them the same way.
 */
export function transportError(node: INode, error: unknown, request: FailedRequest): NodeApiError | undefined {
	const code = codeOf(error);
	if (code === undefined) return undefined;
	const cause = CAUSES[code];
	const note = cause.mayHaveArrived ? request.writeNote : undefined;
	const fix = cause === TIMED_OUT && request.timeoutHint !== undefined ? request.timeoutHint : cause.fix;
	const url = redactUrls(targetOf(error) ?? request.url);
	// no `code` or `status` in the response object and no error code in the message: NodeApiError
	// would replace the message with its generic text for that code
	return new NodeApiError(
		node,
		{ transportError: code, url },
		{
			message: `${request.action} failed: ${cause.what(request.timeoutMs, url.replace(/(\/v1)(\/.*)?$/, '$1'))}${note ? MAY_HAVE_APPLIED : ''}`,
			description: [fix, note, `(${code})`, request.after].filter(Boolean).join(' '),
			itemIndex: request.itemIndex,
		},
	);
}
