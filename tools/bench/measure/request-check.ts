import type { ServiceRequestSummary } from '../service/protocol';

/** What makes two requests the same for this benchmark: method, path, query, content type and the body bytes. */
export function requestKey(request: ServiceRequestSummary): string {
	return [request.method, request.path, request.query, request.contentType ?? '', request.rawBody].join('\n');
}

/** Whether two lists hold the same requests (as multisets: n8n sends a node's requests at once, in any order). */
export function sameRequests(a: ServiceRequestSummary[], b: ServiceRequestSummary[]): { same: boolean; detail?: string } {
	const left = a.map(requestKey).sort();
	const right = b.map(requestKey).sort();
	if (left.length !== right.length) return { same: false, detail: `${left.length} requests against ${right.length}` };
	const index = left.findIndex((key, i) => key !== right[i]);
	if (index >= 0) return { same: false, detail: `first difference:\n${left[index]}\n--- against ---\n${right[index]}` };
	const unauthorized = [...a, ...b].filter((request) => !request.authorized).length;
	return unauthorized === 0 ? { same: true } : { same: false, detail: `${unauthorized} requests without a valid key` };
}

/** Cuts a request log into consecutive pieces of the given sizes (the contenders ran one after the other). */
export function splitLog<T>(log: T[], sizes: number[]): T[][] {
	const total = sizes.reduce((sum, size) => sum + size, 0);
	if (log.length !== total) throw new Error(`the service logged ${log.length} requests, expected ${total}`);
	const pieces: T[][] = [];
	let start = 0;
	for (const size of sizes) {
		pieces.push(log.slice(start, start + size));
		start += size;
	}
	return pieces;
}
