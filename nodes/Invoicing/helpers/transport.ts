import {
	NodeApiError,
	NodeOperationError,
	type JsonObject,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { MAY_HAVE_APPLIED, operationLabel, uncertainWriteNote } from './errors';

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

function codeOf(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (typeof current === 'object' && current !== null && !seen.has(current)) {
		seen.add(current);
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && code in CAUSES) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
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
		const code = codeOf(error);
		if (code === undefined) throw new NodeApiError(this.getNode(), error as JsonObject);
		const cause = CAUSES[code];
		const timeoutMs = Number(requestData.options.timeout ?? 300_000);
		const baseUrl = String(requestData.options.baseURL ?? '');
		const note = cause.mayHaveArrived ? uncertainWriteNote(this) : undefined;
		// no `code` or `status` in the response object and no error code in the message: NodeApiError
		// would replace the message with its generic text for that code
		throw new NodeApiError(
			this.getNode(),
			{ transportError: code, url: `${baseUrl}${requestData.options.url}` },
			{
				message: `${operationLabel(this)} failed: ${cause.what(timeoutMs, baseUrl)}${note ? MAY_HAVE_APPLIED : ''}`,
				description: [cause.fix, note, `(${code})`].filter(Boolean).join(' '),
				itemIndex: this.getItemIndex(),
			},
		);
	}
}

/**
 * The node description with `sendNamingTransportErrors` wired in: `requestOperations.pagination` set and
 * `send.paginate` on every operation's routing. Returns the same description when it is wired already.
 */
export function withNamedTransportErrors(description: INodeTypeDescription): INodeTypeDescription {
	if (description.requestOperations?.pagination === sendNamingTransportErrors) return description;
	const properties = description.properties.map((property): INodeProperties => {
		if (property.name !== 'operation' || !property.options) return property;
		const options = property.options.map((option) => {
			if (!('routing' in option) || !option.routing) return option;
			return { ...option, routing: { ...option.routing, send: { ...option.routing.send, paginate: true } } };
		});
		return { ...property, options } as INodeProperties;
	});
	return { ...description, requestOperations: { ...description.requestOperations, pagination: sendNamingTransportErrors }, properties };
}
