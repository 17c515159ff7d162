import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * The time-out the user set under Request Options (n8n's loader adds that collection, named `requestOptions`, to
 * every declarative node; the engine applies it to the routed request only). The node's own reads after a write
 * take it from here, so that they wait no longer than the request they follow. Undefined: n8n's default.
 */
export function requestTimeoutMs(ctx: IExecuteSingleFunctions): number | undefined {
	const timeout = (ctx.getNodeParameter('requestOptions', {}) as IDataObject).timeout;
	return typeof timeout === 'number' && timeout > 0 ? timeout : undefined;
}
