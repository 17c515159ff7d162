import type { IncomingMessage, ServerResponse } from 'node:http';

import { sendError, sendJson } from './http-io';
import type { BookData, FaultSpec, LimitSpec, RecordedRequest, SeedName } from './types';

export const CONTROL_PREFIX = '/__sandbox/';

export interface SandboxControls {
	reset(opts?: { seed?: SeedName }): void;
	requests(): RecordedRequest[];
	clearRequests(): void;
	injectFault(fault: FaultSpec): void;
	clearFaults(): void;
	setLimits(limits: LimitSpec): void;
	state(): BookData;
	/** Replaces the whole book at once (a large seeded book, written to the data file once if there is one). */
	load(book: BookData): void;
}

/** Test controls outside /v1: reset and seed, request log, faults, limits, whole state. */
export function handleControl(
	controls: SandboxControls,
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	body: Record<string, unknown> | null,
): void {
	const action = `${req.method} ${path.slice(CONTROL_PREFIX.length).replace(/\/$/, '')}`;
	switch (action) {
		case 'POST reset':
			controls.reset({ seed: body?.seed === 'demo' ? 'demo' : 'empty' });
			return sendJson(res, 200, { status: 'success' });
		case 'GET requests':
			return sendJson(res, 200, { status: 'success', requests: controls.requests() });
		case 'DELETE requests':
			controls.clearRequests();
			return sendJson(res, 200, { status: 'success' });
		case 'POST faults':
			controls.injectFault((body ?? {}) as unknown as FaultSpec);
			return sendJson(res, 200, { status: 'success' });
		case 'DELETE faults':
			controls.clearFaults();
			return sendJson(res, 200, { status: 'success' });
		case 'POST limits':
			try {
				controls.setLimits((body ?? {}) as LimitSpec);
			} catch (error) {
				return sendError(res, 400, (error as Error).message);
			}
			return sendJson(res, 200, { status: 'success' });
		case 'GET state':
			return sendJson(res, 200, { status: 'success', ...controls.state() });
		default:
			return sendError(res, 404, `No sandbox control ${req.method} ${path}.`);
	}
}
