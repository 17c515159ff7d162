import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { isAuthorized } from './auth';
import { createClock } from './clock';
import { CONTROL_PREFIX, handleControl, type SandboxControls } from './controls';
import { HttpError } from './errors';
import { FaultQueue, Limiter } from './faults';
import { applyFault, retryAfterOf } from './faults-apply';
import { readBody, sendError, sendJson } from './http-io';
import { createIdSource } from './ids';
import { parseBody, parseBracketNotation } from './params';
import { maskHeaders, RequestLog } from './request-log';
import { API_PREFIX, matchRoute } from './router';
import { demoBook } from './seed';
import { emptyBook, Store } from './store';
import type { BodyEncoding, FaultSpec, RecordedRequest, SandboxOptions, SeedName } from './types';

export interface Sandbox extends SandboxControls {
	/** Base URL of the API, e.g. http://127.0.0.1:4010/v1 */
	url: string;
	port: number;
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const clock = createClock(options.deterministic ?? false);
	const store = new Store(options.dataFile);
	const ids = createIdSource(options.deterministic ?? false, store.sequence);
	const log = new RequestLog();
	const faults = new FaultQueue();
	const limiter = new Limiter(options.limits);
	store.newestFirst = limiter.newestFirst;

	const reset = (opts: { seed?: SeedName } = {}) => {
		store.replace(emptyBook());
		if (opts.seed === 'demo') {
			const book = demoBook(clock, ids);
			book.sequence = store.sequence.value;
			store.replace(book);
		}
	};
	if (!store.loadFile()) reset({ seed: options.seed });

	const controls: SandboxControls = {
		reset,
		requests: () => log.all(),
		clearRequests: () => log.clear(),
		injectFault: (fault: FaultSpec) => faults.add(fault),
		clearFaults: () => faults.clear(),
		setLimits: (limits) => {
			limiter.set(limits);
			store.newestFirst = limiter.newestFirst;
		},
		state: () => store.snapshot(),
		load: (book) => store.replace(book),
	};

	async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, queryText: string, raw: string) {
		const method = req.method ?? 'GET';
		const contentType = req.headers['content-type'] ?? null;
		const query = queryText ? parseBracketNotation(queryText) : {};
		const entry: RecordedRequest = {
			method,
			path,
			query,
			body: null,
			rawBody: raw,
			contentType,
			encoding: 'none',
			headers: maskHeaders(req.headers, options.apiKey),
			authorized: isAuthorized(req.headers, options.apiKey),
			status: 0,
			receivedAt: Date.now(),
		};
		log.add(entry);
		options.onRequest?.(entry);
		const taken = faults.take(method, path);
		const fault = taken?.when === 'after' ? undefined : taken;
		const after = taken?.when === 'after' ? taken : undefined;
		if (fault) {
			const retryAfter = fault.kind === 'status' ? retryAfterOf(fault) : undefined;
			const status = await applyFault(retryAfter === undefined ? fault : { ...fault, retryAfter, retryAfterDateInMs: undefined }, res, (p) => log.seen(p));
			if (status !== undefined) {
				entry.status = status;
				if (retryAfter !== undefined) entry.retryAfter = retryAfter;
				return;
			}
		}
		const refusal = limiter.admit(Date.now());
		if (refusal) {
			entry.status = 429;
			entry.retryAfter = String(refusal.retryAfterSeconds);
			return sendError(res, 429, refusal.message, { 'retry-after': String(refusal.retryAfterSeconds) });
		}
		try {
			if (limiter.serviceTimeMs > 0) await new Promise((resolve) => setTimeout(resolve, limiter.serviceTimeMs));
			const parsed = parseBody(raw, contentType);
			entry.body = parsed.body;
			entry.encoding = parsed.encoding === 'none' && queryText ? ('query' as BodyEncoding) : parsed.encoding;
			if (!entry.authorized) {
				throw new HttpError(401, 'Missing or invalid API key: send it as "Authorization: Bearer <key>".');
			}
			const { handler, id } = matchRoute(method, path);
			const result = handler({ params: { ...query, ...(parsed.body ?? {}) }, id, store, clock, ids });
			// applied; a fault "after" then answers in place of the real answer (a delay holds it)
			if (after) {
				const retryAfter = after.kind === 'status' ? retryAfterOf(after) : undefined;
				const status = await applyFault(retryAfter === undefined ? after : { ...after, retryAfter, retryAfterDateInMs: undefined }, res, (p) => log.seen(p));
				if (status !== undefined) {
					entry.status = status;
					if (retryAfter !== undefined) entry.retryAfter = retryAfter;
					return;
				}
			}
			entry.status = 200;
			sendJson(res, 200, { status: 'success', ...result });
		} finally {
			limiter.release();
		}
	}

	const server = createServer((req, res) => {
		const url = req.url ?? '/';
		const queryAt = url.indexOf('?');
		const path = queryAt < 0 ? url : url.slice(0, queryAt);
		const queryText = queryAt < 0 ? '' : url.slice(queryAt + 1);
		readBody(req)
			.then((raw) => {
				if (path.startsWith(CONTROL_PREFIX)) {
					return handleControl(controls, req, res, path, raw ? (JSON.parse(raw) as Record<string, unknown>) : null);
				}
				if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
					return sendError(res, 404, `No endpoint ${req.method} ${path}: the API lives under ${API_PREFIX}.`);
				}
				return handleApi(req, res, path, queryText, raw);
			})
			.catch((error: unknown) => {
				const status = error instanceof HttpError ? error.status : 500;
				const message = error instanceof Error ? error.message : String(error);
				const last = log.all().at(-1);
				if (last && last.status === 0 && last.path === path) last.status = status;
				if (!res.headersSent) sendError(res, status, message);
			});
	});
	// longer than a test's longest run: a client whose event loop is busy for that long (2,000 items through the
	// engine) may reuse an idle connection after the server's keep-alive ran out ("other side closed")
	server.keepAliveTimeout = 600_000;

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;

	return {
		...controls,
		url: `http://127.0.0.1:${port}${API_PREFIX}`,
		port,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
