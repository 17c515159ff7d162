/**
 * What the node's own process sent and received, in the order it happened: Node's http client publishes each
 * request it starts and each answer it receives on diagnostics channels, in the one thread that runs the node.
 * Unlike the service's receipt times, this order does not depend on how busy the process is: a request started
 * after a 429 arrived was started knowing it (invariant (e), issue 30).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';

export type ClientEvent =
	| { kind: 'start'; at: number; method: string; path: string }
	| { kind: 'answer'; at: number; method: string; path: string; status: number; retryAfter?: string; date?: string };

const watchers = new Map<string, ClientEvent[]>();

const hostOf = (request: ClientRequest) => String(request.getHeader('host') ?? '');

function onStart(message: unknown): void {
	const { request } = message as { request: ClientRequest };
	watchers.get(hostOf(request))?.push({ kind: 'start', at: performance.now(), method: request.method, path: request.path });
}

function onAnswer(message: unknown): void {
	const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
	const events = watchers.get(hostOf(request));
	if (!events) return;
	const header = (name: string) => (typeof response.headers[name] === 'string' ? (response.headers[name] as string) : undefined);
	events.push({ kind: 'answer', at: performance.now(), method: request.method, path: request.path, status: response.statusCode ?? 0, retryAfter: header('retry-after'), date: header('date') });
}

/** Records the requests sent to `host` ("127.0.0.1:PORT", one service per scenario) until stopped; returns them in order. */
export function watchClient(host: string): { stop: () => ClientEvent[] } {
	if (watchers.size === 0) {
		subscribe('http.client.request.start', onStart);
		subscribe('http.client.response.finish', onAnswer);
	}
	const events: ClientEvent[] = [];
	watchers.set(host, events);
	return {
		stop: () => {
			watchers.delete(host);
			if (watchers.size === 0) {
				unsubscribe('http.client.request.start', onStart);
				unsubscribe('http.client.response.finish', onAnswer);
			}
			return events;
		},
	};
}
