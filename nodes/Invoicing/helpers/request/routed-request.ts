import { NodeApiError, NodeOperationError, type INodeExecutionData, type JsonObject } from 'n8n-workflow';

import type { MiddlewareContext, RoutedRequest } from '../../engine/request-middleware';
import { DEFAULT_TIMEOUT_MS } from '../../../shared/api-request';
import { mayHaveArrived, transportError } from '../../../shared/transport-errors';
import { failureLabel, uncertainWriteNote } from '../errors/failure-labels';
import { endTurnOf, settleFailedWrite } from '../guards/write-guards';
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
		const items = await routeWithinRateLimits(this, requestData);
		failed = false;
		return items;
	} catch (error) {
		noteItemFailed(this);
		// a 429 applied nothing: the next item on the key may go (the guards kept its turn while it was sent again)
		if (error instanceof NodeApiError && error.httpCode === '429') settleFailedWrite(this, false);
		// the engine's and the postReceive steps' errors are n8n errors already: both constructors hand them back as they are
		if (error instanceof NodeOperationError) throw new NodeOperationError(this.getNode(), error);
		// an answer (any HTTP status) was seen by handleApiErrors already: only a failure without one is left
		const arrived = mayHaveArrived(error);
		if (arrived !== undefined) settleFailedWrite(this, arrived);
		const named = transportError(this.getNode(), error, {
			action: failureLabel(this),
			timeoutMs: Number(requestData.options.timeout ?? DEFAULT_TIMEOUT_MS),
			url: `${String(requestData.options.baseURL ?? '')}${requestData.options.url}`,
			itemIndex: this.getItemIndex(),
			writeNote: uncertainWriteNote(this),
		});
		throw named ?? new NodeApiError(this.getNode(), error as JsonObject);
	} finally {
		routedOver(this, failed);
		endTurnOf(this);
	}
}
