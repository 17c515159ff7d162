import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The time-out the user set under Request Options (n8n's loader adds that collection, named `requestOptions`, to
 * every declarative node; the engine applies it to the routed request only). The node's own reads after a write
 * take it from here, so that they wait no longer than the request they follow. Undefined: n8n's default.
 */
export function requestTimeoutMs(ctx: IExecuteSingleFunctions): number | undefined {
	const timeout = (ctx.getNodeParameter('requestOptions', {}) as IDataObject).timeout;
	return typeof timeout === 'number' && timeout > 0 ? timeout : undefined;
}

type Proxy = NonNullable<IHttpRequestOptions['proxy']>;

/** Request Options > Proxy as the engine gives it to the routed request (host, port, protocol, credentials). */
function proxyOf(value: unknown): Proxy | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		// the engine refuses an unreadable proxy before the first request, so no request of the node gets here
		return undefined;
	}
	const proxy: Proxy = { host: url.hostname, port: Number.parseInt(url.port, 10), protocol: url.protocol.replace(/:$/, '') || undefined };
	if (url.username !== '') proxy.auth = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
	return proxy;
}

/**
 * What Request Options give the routed request besides its time-out (Proxy, Ignore SSL Issues), for the node's
 * own requests, so that they go the same way as the request they belong to.
 */
export function requestTransport(ctx: IExecuteSingleFunctions): { proxy?: Proxy; skipSslCertificateValidation?: boolean } {
	const options = ctx.getNodeParameter('requestOptions', {}) as IDataObject;
	const proxy = proxyOf(options.proxy);
	return { ...(proxy ? { proxy } : {}), ...(options.allowUnauthorizedCerts === true ? { skipSslCertificateValidation: true } : {}) };
}
