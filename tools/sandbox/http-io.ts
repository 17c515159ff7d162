import type { IncomingMessage, ServerResponse } from 'node:http';

import { HttpError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole body; 413 past 1 MB. */
export function readBody(req: IncomingMessage): Promise<string> {
	const declared = Number(req.headers['content-length'] ?? 0);
	if (declared > MAX_BODY_BYTES) return Promise.reject(new HttpError(413, 'Request body exceeds the 1 MB limit.'));
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new HttpError(413, 'Request body exceeds the 1 MB limit.'));
				req.removeAllListeners('data');
				req.resume();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

export function send(res: ServerResponse, status: number, body: string, contentType = 'application/json', headers: Record<string, string> = {}): void {
	res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
	res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
	send(res, status, JSON.stringify(body), 'application/json', headers);
}

export function sendError(res: ServerResponse, status: number, message: string, headers?: Record<string, string>): void {
	sendJson(res, status, { status: 'error', message }, headers);
}
