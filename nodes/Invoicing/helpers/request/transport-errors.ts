import {
	NodeApiError,
	NodeOperationError,
	type JsonObject,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type INodeExecutionData,
	type INode,
} from 'n8n-workflow';

import { failureLabel, MAY_HAVE_APPLIED, uncertainWriteNote } from '../../../shared/errors';
import { settleFailedWrite } from '../guards/write-guards';

interface Cause {
	/** What happened, in the words of the message. */
	what: (timeoutMs: number, baseUrl: string) => string;
	/** What to do about it. */
	fix: string;
	/** Whether the request may have reached the service (then a write may have been applied). */
	mayHaveArrived: boolean;
}

const TIMED_OUT: Cause = {
	what: (ms) => `no answer within the time-out of ${ms / 1000} s`,
	fix: 'Raise Options > Timeout if the service is slow, or try again later.',
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
 * or undefined for any other error. `note` is the write note, given when the request may have arrived.
 */
export function transportError(
	node: INode,
	error: unknown,
	request: { action: string; timeoutMs: number; url: string; itemIndex?: number; writeNote?: string },
): NodeApiError | undefined {
	const code = codeOf(error);
	if (code === undefined) return undefined;
	const cause = CAUSES[code];
	const note = cause.mayHaveArrived ? request.writeNote : undefined;
	const url = targetOf(error) ?? request.url;
	// no `code` or `status` in the response object and no error code in the message: NodeApiError
	// would replace the message with its generic text for that code
	return new NodeApiError(
		node,
		{ transportError: code, url },
		{
			message: `${request.action} failed: ${cause.what(request.timeoutMs, url.replace(/(\/v1)(\/.*)?$/, '$1'))}${note ? MAY_HAVE_APPLIED : ''}`,
			description: [cause.fix, note, `(${code})`].filter(Boolean).join(' '),
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Sends the operation's request through the engine and names time-outs and dropped connections: the
 * operation, the cause, the time-out, and for a write that the service may have applied it. The engine's
 * request helper throws these before any postReceive runs; this function is the one place a declarative
 * node can catch them: n8n calls `requestOperations.pagination` (a function) in place of its own request
 * when the operation's routing has `send.paginate`. Failures the postReceive steps raise pass unchanged.
 */
export async function sendNamingTransportErrors(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	try {
		return await this.makeRoutingRequest(requestData);
	} catch (error) {
		// the engine's and the postReceive steps' errors are n8n errors already: both constructors hand them back as they are
		if (error instanceof NodeOperationError) throw new NodeOperationError(this.getNode(), error);
		// an answer (any HTTP status) was seen by handleApiErrors already: only a failure without one is left
		const arrived = mayHaveArrived(error);
		if (arrived !== undefined) settleFailedWrite(this, arrived);
		const named = transportError(this.getNode(), error, {
			action: failureLabel(this),
			timeoutMs: Number(requestData.options.timeout ?? 300_000),
			url: `${String(requestData.options.baseURL ?? '')}${requestData.options.url}`,
			itemIndex: this.getItemIndex(),
			writeNote: uncertainWriteNote(this),
		});
		throw named ?? new NodeApiError(this.getNode(), error as JsonObject);
	}
}
