import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeTypeDescription,
} from 'n8n-workflow';

/**
 * n8n's pagination hook used as request middleware. When `requestOperations.pagination` is a function, the
 * declarative engine calls it in place of its own request for every operation whose routing has
 * `send.paginate`, with a context that can still make the routed request (preSend applied, postReceive run).
 * It is the one place a declarative node can catch what the engine's request helper throws (time-outs, dropped
 * connections) before n8n reports it. Pinned in test/engine/engine-assumptions.test.ts.
 */
export type MiddlewareContext = IExecutePaginationFunctions;
export type RoutedRequest = DeclarativeRestApiSettings.ResultOptions;
export type RequestMiddleware = (this: MiddlewareContext, request: RoutedRequest) => Promise<INodeExecutionData[]>;

/** The keys of an operation's routing `send` that put its request through the middleware. */
export const THROUGH_MIDDLEWARE = { paginate: true } as const;

/** The node description's `requestOperations` that install the middleware. */
export const requestMiddleware = (middleware: RequestMiddleware): NonNullable<INodeTypeDescription['requestOperations']> => ({
	pagination: middleware,
});

/** The engine's own routed request, as it would have made it without the middleware. */
export async function engineRequest(ctx: MiddlewareContext, request: RoutedRequest): Promise<INodeExecutionData[]> {
	return await ctx.makeRoutingRequest(request);
}
