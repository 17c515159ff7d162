/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never published: code that runs in Node outside n8n, which the n8n node lint config does not fit */
import type { ServerResponse } from 'node:http';

import { send, sendError, sendJson } from './http-io';
import type { FaultSpec } from './types';

/** Answers (or drops) the request as the fault says; false for a delay, after which handling goes on. */
export async function applyFault(fault: FaultSpec, res: ServerResponse): Promise<number | undefined> {
	switch (fault.kind) {
		case 'delay':
			await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000));
			return undefined;
		case 'drop':
			res.socket?.destroy();
			return 0;
		case 'malformed':
			send(res, 200, '{"status":"success","data":[{"id":');
			return 200;
		case 'html': {
			const status = fault.status ?? 502;
			send(res, status, `<html><body><h1>${status} Bad Gateway</h1><p>${fault.message ?? 'upstream error'}</p></body></html>`, 'text/html');
			return status;
		}
		case 'errorStatus200':
			sendJson(res, 200, { status: 'error', message: fault.message ?? 'Simulated failure inside a 200 response.' });
			return 200;
		case 'status': {
			const status = fault.status ?? 500;
			sendError(res, status, fault.message ?? `Simulated failure with status ${status}.`);
			return status;
		}
	}
}
