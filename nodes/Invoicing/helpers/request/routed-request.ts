import { NodeApiError, NodeOperationError, type INodeExecutionData, type JsonObject } from 'n8n-workflow';

import type { MiddlewareContext, RoutedRequest } from '../../engine/request-middleware';
import { DEFAULT_TIMEOUT_MS } from '../../../shared/api-request';
import { withoutSecrets } from '../../../shared/redact';
import { mayHaveArrived, transportError } from '../../../shared/transport-errors';
import { failureLabel, uncertainWriteNote } from '../errors/failure-labels';
import { endTurnOf, settleFailedWrite } from '../guards/path/write-guards';
import { routeWithinRateLimits } from './rate-limit';
import { markRouted, routedOver } from './routed-marks';
import { noteItemFailed, refuseWriteAfterStop } from './run-stop';

/**
 * The request middleware of every operation (engine/request-middleware): sends the operation's request
 * through the engine and names time-outs and dropped connections: the operation, the cause, the time-out,
 * and for a write that the service may have applied it. Failures the postReceive steps raise pass unchanged.
 */
export async function sendNamingTransportErrors(
	this: MiddlewareContext,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	markRouted(this, requestData);
	let failed = true;
	try {
		refuseWriteAfterStop(this, requestData.options.method);
		// again once the rate gate lets it through: another item may have failed while it waited
		const items = await routeWithinRateLimits(this, requestData, () => refuseWriteAfterStop(this, requestData.options.method));
		failed = false;
		return items;
	} catch (error) {
		const shown = withoutSecrets(namedFailure(this, requestData, error));
		noteItemFailed(this, shown);
		throw shown;
	} finally {
		routedOver(this, failed);
		endTurnOf(this);
	}
}

/** The failure as the item reports it (the request is over: turns settle as its outcome allows). */
function namedFailure(ctx: MiddlewareContext, requestData: RoutedRequest, error: unknown): Error {
	// a 429 applied nothing: the next item on the key may go (the guards kept its turn while it was sent again)
	if (error instanceof NodeApiError && error.httpCode === '429') settleFailedWrite(ctx, false);
	// the engine's and the postReceive steps' errors are n8n errors already: both constructors hand them back as they are
	if (error instanceof NodeOperationError) return new NodeOperationError(ctx.getNode(), error);
	// an answer (any HTTP status) was seen by handleApiErrors already: only a failure without one is left
	const arrived = mayHaveArrived(error);
	if (arrived !== undefined) settleFailedWrite(ctx, arrived);
	const named = transportError(ctx.getNode(), error, {
		action: failureLabel(ctx),
		timeoutMs: Number(requestData.options.timeout ?? DEFAULT_TIMEOUT_MS),
		url: `${String(requestData.options.baseURL ?? '')}${requestData.options.url}`,
		itemIndex: ctx.getItemIndex(),
		writeNote: uncertainWriteNote(ctx),
	});
	return named ?? new NodeApiError(ctx.getNode(), error as JsonObject);
}
